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
  // The raw code, readable: 'rescheduled' reads 'Rescheduled', 'on_hold' reads 'On hold'.
  const raw = code.replace(/[_-]+/g, ' ').trim();
  return KNOWN[code] ?? { label: raw.charAt(0).toUpperCase() + raw.slice(1), tone: 'neutral' };
}
