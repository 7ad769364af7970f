import { useRouteLoaderData } from 'react-router';
import type { RootAuthData } from '../auth/auth-host';
import { WatchButton } from './watch-button';

/** The event page's my Encore actions: watch the event, and put it in a calendar (.ics). */
export function EventTracking({ event, hasDate }: { event: { id: string; name: string }; hasDate: boolean }) {
  const apiBase = (useRouteLoaderData('root') as RootAuthData | undefined)?.config?.apiBaseUrl ?? '/api';
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      <WatchButton event={event} showSettingsLink />
      {hasDate && (
        <a
          href={`${apiBase}/calendar/events/${encodeURIComponent(event.id)}.ics`}
          download
          className="text-sm font-medium text-brand-700 underline"
        >
          Add to calendar
        </a>
      )}
    </div>
  );
}
