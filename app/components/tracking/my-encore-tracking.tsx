import { useFetchers } from 'react-router';
import type { MyEncoreView } from '~/lib/tracking-view';
import { AlertsInbox } from './alerts-inbox';
import { CalendarFeedSettings } from './calendar-feed';
import { FollowedArtists } from './followed-artists';
import { PushSettings } from './push-settings';
import { WatchedEvents } from './watched-events';

/**
 * The my Encore sections (ADR 0008), server-rendered from the page loader: the alerts inbox,
 * watched events with their prices and history, followed artists with their next dates near
 * the fan, then the calendar feed and notifications. The page loader's data, read again
 * after every write (ADR 0033).
 */
export function MyEncoreTracking({ data: loaded, now, apiBase }: { data: MyEncoreView; now: string; apiBase: string }) {
  // A watch being stopped or an artist unfollowed leaves at once: its write is on the way.
  const leaving = new Set(
    useFetchers()
      .filter((f) => ['unwatch', 'unfollow'].includes(String(f.formData?.get('intent'))))
      .map((f) => String(f.formData?.get('eventId') ?? f.formData?.get('attractionId'))),
  );
  const watchCount = loaded.watchCount - [...loaded.watches, ...loaded.past].filter((w) => leaving.has(w.id)).length;
  const followCount = loaded.followCount - loaded.follows.filter((f) => leaving.has(f.id)).length;
  const data = {
    ...loaded,
    watches: loaded.watches.filter((w) => !leaving.has(w.id)),
    past: loaded.past.filter((w) => !leaving.has(w.id)),
    follows: loaded.follows.filter((f) => !leaving.has(f.id)),
  };
  return (
    <div className="flex flex-col gap-10">
      <nav aria-label="my Encore sections" className="flex flex-wrap gap-2 text-sm">
        {[
          ['#alerts', `Alerts${data.alerts.unread ? ` (${data.alerts.unread})` : ''}`],
          ['#watching', `Watching (${watchCount})`],
          ['#following', `Following (${followCount})`],
          ['#calendar', 'Calendar & notifications'],
        ].map(([href, label]) => (
          <a
            key={href}
            href={href}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700"
          >
            {label}
          </a>
        ))}
      </nav>
      <AlertsInbox page={data.alerts} now={now} />
      <WatchedEvents upcoming={data.watches} past={data.past} count={watchCount} apiBase={apiBase} />
      <FollowedArtists follows={data.follows} count={followCount} preferences={data.preferences} apiBase={apiBase} />
      <section aria-label="Calendar and notifications" className="grid gap-3 md:grid-cols-2">
        <CalendarFeedSettings feed={data.feed} />
        <PushSettings subscriptions={data.push.webPushSubscriptions} nativeToken={data.push.nativeToken} />
      </section>
    </div>
  );
}
