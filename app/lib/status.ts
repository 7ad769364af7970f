/**
 * SPEC §4 event status badges: onsale 'On Sale' (green), offsale 'Off Sale' (red),
 * cancelled 'Cancelled' (red), postponed 'Postponed' (warning), anything else shown raw (grey).
 */
export type StatusTone = 'positive' | 'negative' | 'warning' | 'neutral';

export type StatusBadgeInfo = { label: string; tone: StatusTone };

const KNOWN: Record<string, StatusBadgeInfo> = {
  onsale: { label: 'On Sale', tone: 'positive' },
  offsale: { label: 'Off Sale', tone: 'negative' },
  cancelled: { label: 'Cancelled', tone: 'negative' },
  postponed: { label: 'Postponed', tone: 'warning' },
};

export function eventStatus(code: string | null | undefined): StatusBadgeInfo | undefined {
  if (!code) return undefined;
  return KNOWN[code] ?? { label: code, tone: 'neutral' };
}

/** Tailwind classes per tone; text colours meet WCAG AA contrast on their backgrounds. */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  positive: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  negative: 'bg-red-50 text-red-800 ring-red-600/25',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/25',
};
