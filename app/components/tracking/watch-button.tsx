import { Suspense, useEffect, useRef, useState } from 'react';
import type { WatchView } from '#contracts/tracking';
import { lazyKept } from '~/lib/kept-import';
import { loadWatchTarget } from '../hydration';
import { PageLink } from '../ui/page-link';
import { useTrackToggle } from './use-tracking';

const WatchTargetPopover = lazyKept(loadWatchTarget);

/**
 * Watch an event in one click (ADR 0008): its price for the chosen seat category is tracked
 * and its status changes are reported. Right after, a popover by the button asks for the
 * price to be alerted at, starting from one that can fire (ADR 0025). Anonymous visitors
 * sign in first and the watch follows (SPEC §4 pending action).
 */
export function WatchButton({
  event,
  showSettingsLink = false,
  className = '',
}: {
  event: { id: string; name: string };
  /** After watching, offer a link to the price alert on my Encore (event page). */
  showSettingsLink?: boolean;
  className?: string;
}) {
  const { on: watching, waiting, quiet, press, signedIn, answer, busy, opening } = useTrackToggle('event', event.id);
  const [asking, setAsking] = useState<WatchView | null>(null);
  const anchor = useRef<HTMLButtonElement>(null);

  // A new watch's answer carries today's price for its seats: the popover starts from it.
  useEffect(() => {
    if (answer?.ok && answer.watch) setAsking(answer.watch);
  }, [answer]);

  return (
    <span className={`watch-control ${className}`}>
      <button
        ref={anchor}
        type="button"
        aria-pressed={watching}
        aria-label={`Watch ${event.name}`}
        aria-busy={waiting || opening || undefined}
        data-quiet={quiet || undefined}
        // Waiting for the sign-in dialog's code, it keeps focus (use-form-action.ts).
        aria-disabled={opening || undefined}
        disabled={busy && !opening}
        data-testid="watch-button"
        data-tracks={`event:${event.id}`}
        data-opens={signedIn ? 'watch-target' : 'sign-in'}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          press(e.nativeEvent);
        }}
        // Styled by `.watch-button` in app.css, pressed or not by aria-pressed: one class in every card.
        className="watch-button"
      >
        {/* Its icon comes from app.css by aria-pressed (ADR 0080). A toggle keeps its name (WCAG 2.5.3):
            the state is aria-pressed, the tick and the fill. */}
        Watch
      </button>
      {asking && (
        <Suspense fallback={null}>
          <WatchTargetPopover anchor={anchor} watch={asking} eventName={event.name} onClose={() => setAsking(null)} />
        </Suspense>
      )}
      {/* Shown while watching, by aria-pressed (app.css): the fan's state is one attribute. */}
      {showSettingsLink && (
        <PageLink
          to={`/my-encore#watch-${encodeURIComponent(event.id)}`}
          className="price-alert-link text-sm font-medium text-brand-700 underline"
        >
          Set your price alert
        </PageLink>
      )}
    </span>
  );
}
