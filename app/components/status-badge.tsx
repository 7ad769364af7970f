import type { StatusTone } from '~/lib/status';

/** Tailwind classes per tone; text colours meet WCAG AA contrast on their backgrounds. */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  positive: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  negative: 'bg-red-50 text-red-800 ring-red-600/25',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/25',
};

/** SPEC §4 event status badge (label and tone from lib/status.ts). Nothing for no status. */
export function StatusBadge({
  status,
  className = '',
}: {
  status: { code: string; label: string; tone: StatusTone } | undefined;
  className?: string;
}) {
  if (!status) return null;
  return (
    <span
      data-status={status.code}
      data-tone={status.tone}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_TONE_CLASSES[status.tone]} ${className}`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current opacity-80" />
      {status.label}
    </span>
  );
}
