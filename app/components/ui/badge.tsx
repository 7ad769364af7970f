import type { HTMLAttributes } from 'react';
import type { StatusTone } from '~/lib/status';

export type BadgeTone = 'brand' | 'neutral' | 'overlay' | StatusTone;

/**
 * Text colours meet WCAG AA on their backgrounds; `overlay` sits on a dark picture. The ring
 * colour shows only on an `outlined` badge.
 */
const TONES: Record<BadgeTone, string> = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/25',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/25',
  overlay: 'bg-white/20 backdrop-blur ring-white/30',
  positive: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  negative: 'bg-red-50 text-red-800 ring-red-600/25',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
};

/**
 * A small pill of text: a count ('12 upcoming'), a genre, a role, an event status
 * (StatusBadge). `className` adds layout only.
 */
export function Badge({
  tone = 'brand',
  size = 'sm',
  outlined = false,
  className = '',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; size?: 'sm' | 'md'; outlined?: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full font-semibold whitespace-nowrap ${
        size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm'
      } ${outlined ? 'ring-1 ring-inset' : ''} ${TONES[tone]} ${className}`}
      {...props}
    />
  );
}
