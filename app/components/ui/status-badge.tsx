import type { StatusTone } from '~/lib/status';
import { Badge } from './badge';

/**
 * SPEC §4 event status badge (label and tone from lib/status.ts). Nothing for no status.
 * `compact` leaves out the dot, for lists that can hold hundreds of rows.
 */
export function StatusBadge({
  status,
  compact = false,
  className = '',
}: {
  status: { code: string; label: string; tone: StatusTone } | undefined;
  compact?: boolean;
  className?: string;
}) {
  if (!status) return null;
  return (
    <Badge data-status={status.code} data-tone={status.tone} tone={status.tone} outlined className={className}>
      {!compact && <span aria-hidden="true" className="dot" />}
      {status.label}
    </Badge>
  );
}
