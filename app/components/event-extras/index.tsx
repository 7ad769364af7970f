import { lazy, type ReactNode, Suspense, useState } from 'react';

// Fetched on first open only: the event page's first load carries none of this.
const EventPhotos = lazy(() => import('./event-photos'));
const VenueDetails = lazy(() => import('./venue-details'));

// One of each per event page, so the panel ids are fixed.
function Disclosure({ label, panelId, children }: { label: string; panelId: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-brand-500"
      >
        {label}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense
            fallback={
              <p role="status" className="py-6 text-center text-sm text-slate-600">
                Loading…
              </p>
            }
          >
            {children()}
          </Suspense>
        )}
      </div>
    </div>
  );
}

export function MorePhotos({ eventId }: { eventId: string }) {
  return (
    <Disclosure label="More photos" panelId="event-photos">
      {() => <EventPhotos eventId={eventId} />}
    </Disclosure>
  );
}

export function MoreVenueDetails({ venueId }: { venueId: string }) {
  return (
    <Disclosure label="Venue details" panelId="venue-details">
      {() => <VenueDetails venueId={venueId} />}
    </Disclosure>
  );
}
