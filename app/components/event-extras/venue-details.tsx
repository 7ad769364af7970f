import type { Venue } from '#contracts/catalogue';
import { apiUrl } from '~/lib/auth/config';
import { STORE_MESSAGES } from '~/lib/store-errors';
import { FetchFailure } from '../fetch-failure';
import { useStoreFetch } from './use-store-fetch';

/** The venue as GET /api/events/venue/{id} tells it, fetched when the visitor opens it. */
export default function VenueDetails({ venueId }: { venueId: string }) {
  const venue = useStoreFetch<Venue>(
    apiUrl(`/events/venue/${encodeURIComponent(venueId)}`),
    STORE_MESSAGES.venueDetails,
  );
  if (venue.state === 'failed') return <FetchFailure message={venue.message} onRetry={venue.retry} className="py-6" />;
  if (venue.state === 'loading')
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-600">
        Loading venue details…
      </p>
    );
  const { data } = venue;
  const upcoming = data.upcomingEvents._total;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm text-slate-700">
      {data.timezone && (
        <>
          <dt className="font-semibold text-ink">Time zone</dt>
          <dd>{data.timezone}</dd>
        </>
      )}
      {data.location && (
        <>
          <dt className="font-semibold text-ink">Map point</dt>
          <dd>
            {data.location.latitude}, {data.location.longitude}
          </dd>
        </>
      )}
      <dt className="font-semibold text-ink">Upcoming events</dt>
      <dd>{upcoming}</dd>
    </dl>
  );
}
