import type { Image } from '#contracts/catalogue';
import { apiUrl } from '~/lib/auth/config';
import { STORE_MESSAGES } from '~/lib/store-errors';
import { FetchFailure } from '../fetch-failure';
import { useStoreFetch } from './use-store-fetch';

type EventImages = { id: string; images: Image[] };

/** The event's photos from GET /api/events/{id}/images, fetched when the visitor asks. */
export default function EventPhotos({ eventId }: { eventId: string }) {
  const photos = useStoreFetch<EventImages>(
    apiUrl(`/events/${encodeURIComponent(eventId)}/images`),
    STORE_MESSAGES.eventImages,
  );
  if (photos.state === 'failed')
    return <FetchFailure message={photos.message} onRetry={photos.retry} className="py-6" />;
  if (photos.state === 'loading')
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-600">
        Loading photos…
      </p>
    );
  // Each picture comes in several crops: one per ratio is enough to look at.
  const seen = new Set<string>();
  const shown = photos.data.images.filter((image) => {
    if (image.fallback || seen.has(image.ratio)) return false;
    seen.add(image.ratio);
    return true;
  });
  if (shown.length === 0)
    return <p className="py-6 text-center text-sm text-slate-600">No photos of this event yet.</p>;
  return (
    <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {shown.map((image) => (
        <li key={image.url}>
          <img
            src={image.url}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            className="aspect-video w-full rounded-xl bg-slate-100 object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
