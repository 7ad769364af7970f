import { useEffect } from 'react';
import { Link } from 'react-router';
import { showTracked } from './tracked-ahead';
import { useFanSignedIn } from './use-fan';
import { useTrackedState, useUnreadCount } from './use-tracked';

/** Header bell with the number of unread my Encore alerts (nothing for anonymous visitors). */
export function UnreadAlertsBadge({ tone = 'default' }: { tone?: 'default' | 'hero' }) {
  const signedIn = useFanSignedIn();
  const unread = useUnreadCount(signedIn);
  // On every page of a signed-in fan: the state read another way than the preload (it failed)
  // is shown on their Follow and Watch still waiting too (ADR 0068).
  const tracked = useTrackedState();
  useEffect(() => {
    if (tracked) showTracked(tracked);
  }, [tracked]);
  if (!signedIn) return null;
  const label = unread ? `${unread} unread alert${unread === 1 ? '' : 's'}` : 'Alerts';
  return (
    <Link
      to="/my-encore#alerts"
      aria-label={label}
      title={label}
      data-testid="unread-alerts"
      // Beside the account button on one header row: slimmer on phones, left out on the very
      // narrowest (320 px) where the row has no room; my Encore lists the alerts anyway.
      className={`relative -mr-2 grid h-9 w-9 shrink-0 place-items-center rounded-full max-[359px]:hidden sm:mr-0 sm:h-10 sm:w-10 ${
        tone === 'hero' ? 'text-white hover:bg-white/15' : 'text-slate-700 hover:bg-slate-100'
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
        <path d="M10 2a5 5 0 0 0-5 5v3.2L3.5 13v1h13v-1L15 10.2V7a5 5 0 0 0-5-5zm-2 13.5a2 2 0 0 0 4 0z" />
      </svg>
      {!!unread && (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
