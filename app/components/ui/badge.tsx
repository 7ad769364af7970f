import type { HTMLAttributes } from 'react';
import type { StatusTone } from '~/lib/status';

export type BadgeTone = 'brand' | 'neutral' | 'overlay' | StatusTone;

/**
 * A small pill of text: a count ('12 upcoming'), a genre, a role, an event status
 * (StatusBadge). Styled by `.badge` and its tone's class in app.css (lists repeat it; ADR 0042,
 * amended): text colours meet WCAG AA on their backgrounds, `overlay` sits on a dark picture,
 * and the ring colour shows only on an `outlined` badge. `className` adds layout only.
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
      className={`badge tone-${tone}${size === 'md' ? ' md' : ''}${outlined ? ' outlined' : ''}${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}
