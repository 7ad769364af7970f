import { useEffect, useState } from 'react';
import { UNITS, type Unit } from '#contracts/enum-values';
import type { TrackingPreferences } from '#contracts/tracking';
import { loadUserLocation } from '~/lib/preferences';
import type { FollowCardView } from '~/lib/tracking-view';
import { lookupCity } from '~/lib/user-location';
import { PageLink } from '../ui/page-link';
import { ShowAllLink } from './show-all-link';
import { useTrackingAction } from './use-tracking';

const RADII = [10, 25, 50, 100, 200, 500];
/** The form shows what the server refuses of these itself. */
const PREFERENCE_FIELDS = ['latitude', 'longitude', 'city', 'radius', 'unit'];

function nearLabel(preferences: TrackingPreferences): string {
  if (preferences.latitude === null) return 'anywhere';
  return `within ${preferences.radius} ${preferences.unit} of ${preferences.city || 'your location'}`;
}

/** Where "near me" is: typed city, or the location this browser already knows; radius and unit. */
function NearMe({ preferences, apiBase }: { preferences: TrackingPreferences; apiBase: string }) {
  const [editing, setEditing] = useState(false);
  const [city, setCity] = useState(preferences.city ?? '');
  const [radius, setRadius] = useState(preferences.radius);
  const [unit, setUnit] = useState<Unit>(preferences.unit);
  const [message, setMessage] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const { fetcher, submit: send, busy: saving } = useTrackingAction(PREFERENCE_FIELDS);
  const busy = looking || saving;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  // Saved: the page's data (the next dates near the new place) has been read again.
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setEditing(false);
      setMessage(null);
    } else if (answer.fieldErrors) {
      setMessage(answer.error);
    }
  }, [answer]);

  const save = (next: TrackingPreferences) =>
    void send({
      intent: 'preferences',
      latitude: next.latitude === null ? '' : String(next.latitude),
      longitude: next.longitude === null ? '' : String(next.longitude),
      city: next.city ?? '',
      radius: String(next.radius),
      unit: next.unit,
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const typed = city.trim();
    if (!typed) {
      save({ latitude: null, longitude: null, city: null, radius, unit });
      return;
    }
    setLooking(true);
    const found = await lookupCity(typed, apiBase);
    setLooking(false);
    if (!found) {
      setMessage(`We could not find ${typed}`);
      return;
    }
    save({ latitude: found.latitude, longitude: found.longitude, city: found.city ?? typed, radius, unit });
  };

  const takeCurrentLocation = () => {
    const known = loadUserLocation();
    if (!known) {
      setMessage('This browser has no location yet: type a city instead');
      return;
    }
    save({ latitude: known.latitude, longitude: known.longitude, city: known.city ?? null, radius, unit });
  };

  if (!editing) {
    return (
      <p className="text-sm text-slate-600">
        Next dates {nearLabel(preferences)}.{' '}
        <button type="button" onClick={() => setEditing(true)} className="font-medium text-brand-700 underline">
          Change
        </button>
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2 text-sm">
      <label className="text-xs font-medium text-slate-600">
        City
        <input
          value={city}
          onChange={(e) => setCity(e.target.value)}
          placeholder="Anywhere"
          className="mt-0.5 block w-40 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-ink"
        />
      </label>
      <label className="text-xs font-medium text-slate-600">
        Within
        <select
          value={radius}
          onChange={(e) => setRadius(Number(e.target.value))}
          className="mt-0.5 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink"
        >
          {RADII.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-slate-600">
        Unit
        <select
          value={unit}
          onChange={(e) => setUnit(e.target.value as Unit)}
          className="mt-0.5 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink"
        >
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        disabled={busy}
        className="rounded-full bg-brand-600 px-4 py-1.5 font-semibold text-white disabled:opacity-60"
      >
        Save
      </button>
      <button
        type="button"
        onClick={takeCurrentLocation}
        disabled={busy}
        className="font-medium text-brand-700 underline"
      >
        Use my current location
      </button>
      <button type="button" onClick={() => setEditing(false)} className="text-slate-600 underline">
        Cancel
      </button>
      {message && (
        <p role="alert" className="w-full text-red-700">
          {message}
        </p>
      )}
    </form>
  );
}

/** Followed artists, each with its next dates near the fan. */
export function FollowedArtists({
  follows,
  count,
  preferences,
  apiBase,
}: {
  follows: FollowCardView[];
  /** Every followed artist, shown or not. */
  count: number;
  preferences: TrackingPreferences;
  apiBase: string;
}) {
  const { submit } = useTrackingAction();
  const hidden = count - follows.length;

  return (
    <section id="following" aria-labelledby="following-title" className="scroll-mt-24">
      <h2 id="following-title" className="text-xl font-semibold text-ink">
        Following <span className="text-base font-normal text-slate-500">({count})</span>
      </h2>
      <div className="mt-1">
        <NearMe preferences={preferences} apiBase={apiBase} />
      </div>
      {count === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-600">
          <p>
            You do not follow any artists yet. Search for an artist and press <strong>Follow</strong>: their next dates
            near you show up here, and we tell you when they announce a show {nearLabel(preferences)}.
          </p>
          <PageLink to="/search" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Find artists
          </PageLink>
        </div>
      ) : (
        <>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {follows.map((artist) => (
              <li key={artist.id} data-testid="follow" className="tracked-card follow-card">
                <div>
                  {artist.thumb ? (
                    <img src={artist.thumb} width={56} height={56} alt="" loading="lazy" decoding="async" />
                  ) : (
                    <div aria-hidden="true" className="no-picture" />
                  )}
                  <div className="min-w-0 flex-1">
                    <PageLink to={artist.url} className="artist">
                      {artist.name}
                    </PageLink>
                    <p className="text-xs text-slate-500">{artist.upcoming} upcoming in all</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => void submit({ intent: 'unfollow', attractionId: artist.id })}
                    aria-label={`Unfollow ${artist.name}`}
                    className="tracked-action"
                  >
                    Unfollow
                  </button>
                </div>
                {artist.next.length === 0 ? (
                  <p className="text-sm text-slate-500">No upcoming dates {nearLabel(preferences)}.</p>
                ) : (
                  <ul className="next-dates">
                    {artist.next.map((event) => (
                      <li key={event.url}>
                        <PageLink to={event.url}>{event.when}</PageLink>
                        <span>{event.where}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {hidden > 0 && (
            <ShowAllLink section="following">
              Show all {count} followed artists ({hidden} more)
            </ShowAllLink>
          )}
        </>
      )}
    </section>
  );
}
