import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '~/components/ui/button';
import { type ApplyMode, type FiltersChange, useApplyFilters } from '~/lib/apply-filters';
import { type Filters, RADIUS_CHOICES, type UserLocation, withCurrentLocation, withTypedCity } from '~/lib/filters';
import { USER_LOCATION_CHANGED } from '~/lib/location-events';
import { loadUserLocation, saveUserLocation } from '~/lib/preferences';
import { locateUser, lookupCity } from '~/lib/user-location';
import { AnchoredPopover } from './anchored-popover';
import { CityField } from './city-field';

/**
 * SPEC §2 location popup: a city field that searches on Enter, on clear and on the icon, and a
 * 'Current location ({city})' option. SPEC §4: a typed city resets the location to defaults
 * and sets the city filter (the country comes from where the city was found, so 'London'
 * finds London's events); 'Current location' sets the location from the user's and clears
 * city and postal code.
 */
export default function LocationPopover({
  anchor,
  open,
  onOpenChange,
  filters,
  mode,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: Filters;
  mode: ApplyMode;
}) {
  const onApply = useApplyFilters(mode, filters);
  const id = useId();
  const cityInput = useRef<HTMLInputElement>(null);
  const [city, setCity] = useState(filters.city ?? filters.location.city ?? '');
  // The field shows where the search is now each time the popup opens ('Current location'
  // replaces a typed city, and the field says so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (open) setCity(filters.city ?? filters.location.city ?? '');
  }, [open]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<'city' | 'current' | null>(null);
  const [user, setUser] = useState<UserLocation | null>(loadUserLocation);
  // The first-load lookup (SPEC §4) may finish while the popup is open, or between the render
  // that read the stored place above and this effect, unheard: read it again once listening.
  useEffect(() => {
    const update = () => setUser(loadUserLocation());
    window.addEventListener(USER_LOCATION_CHANGED, update);
    update();
    return () => window.removeEventListener(USER_LOCATION_CHANGED, update);
  }, []);

  const apply = (change: FiltersChange, located?: UserLocation | null) => {
    onApply(change, located);
    onOpenChange(false);
  };

  async function searchCity(text: string) {
    const typed = text.trim();
    setMessage('');
    if (!typed) {
      // Clearing the field searches everywhere again.
      apply((base) => withTypedCity(base, ''));
      return;
    }
    setBusy('city');
    const found = await lookupCity(typed);
    setBusy(null);
    if (!found) {
      setMessage(`We could not find “${typed}”. Check the spelling or try a nearby city.`);
      return;
    }
    apply((base) => {
      const next = withTypedCity(base, found.city ?? typed);
      if (found.countryCode) next.location = { ...next.location, countryCode: found.countryCode };
      return next;
    });
  }

  async function chooseCurrentLocation() {
    setMessage('');
    let located = user;
    if (!located) {
      setBusy('current');
      located = await locateUser();
      setBusy(null);
      saveUserLocation(located);
      setUser(located);
    }
    if (!located) {
      setMessage('Your location is not available. Allow location access in your browser, or type a city.');
      return;
    }
    if (located.city) setCity(located.city);
    apply((base) => withCurrentLocation(base, located), located);
  }

  const currentLabel = user?.city ? `Current location (${user.city})` : 'Current location';

  return (
    <AnchoredPopover
      anchor={anchor}
      open={open}
      onOpenChange={onOpenChange}
      label="Location"
      initialFocus={cityInput}
      className="w-[340px] p-4"
    >
      <h2 className="text-base font-bold">Location</h2>
      {/* 'Current location' and the distance come before the city field: the city suggestions
          open below the field as the answer arrives and must not push a button the fan is
          reaching for (issue #14: the click landed on empty space). */}
      <button
        type="button"
        onClick={() => void chooseCurrentLocation()}
        className="mt-3 flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left text-sm font-semibold text-ink ring-1 ring-slate-200 ring-inset hover:bg-brand-50 hover:ring-brand-200"
      >
        <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M10 2a.75.75 0 0 1 .75.75v1.3a6 6 0 0 1 5.2 5.2h1.3a.75.75 0 0 1 0 1.5h-1.3a6 6 0 0 1-5.2 5.2v1.3a.75.75 0 0 1-1.5 0v-1.3a6 6 0 0 1-5.2-5.2h-1.3a.75.75 0 0 1 0-1.5h1.3a6 6 0 0 1 5.2-5.2v-1.3A.75.75 0 0 1 10 2Zm0 3.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 2.25a2.25 2.25 0 1 1 0 4.5 2.25 2.25 0 0 1 0-4.5Z" />
          </svg>
        </span>
        <span className="min-w-0 flex-1 truncate">{busy === 'current' ? 'Locating you…' : currentLabel}</span>
      </button>
      {filters.location.geoPoint && (
        <fieldset className="mt-4">
          <legend className="text-xs font-semibold text-slate-600">Distance</legend>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {RADIUS_CHOICES.map((radius) => (
              <button
                key={radius}
                type="button"
                aria-pressed={filters.radius === radius}
                onClick={() => apply((base) => ({ ...base, radius, page: 0 }))}
                className={`rounded-full px-3 py-1.5 text-xs font-semibold ring-1 ring-inset ${
                  filters.radius === radius
                    ? 'bg-brand-600 text-white ring-brand-600'
                    : 'text-slate-700 ring-slate-300 hover:ring-brand-500'
                }`}
              >
                {radius} {filters.unit === 'km' ? 'km' : 'mi'}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <form
        className="relative mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void searchCity(city);
        }}
      >
        <label htmlFor={`${id}-city`} className="text-xs font-semibold text-slate-600">
          City
        </label>
        <CityField
          id={`${id}-city`}
          value={city}
          onChange={setCity}
          inputRef={cityInput}
          onPick={(place) => void searchCity(`${place.city}, ${place.stateCode ?? place.countryName}`)}
          className="mt-1"
          inputClassName="h-11 w-full rounded-xl border border-slate-300 pr-20 pl-3 text-sm focus:border-brand-500 focus:outline-none"
        >
          {city && (
            <button
              type="button"
              aria-label="Clear city"
              onClick={() => {
                setCity('');
                void searchCity('');
              }}
              className="absolute top-1.5 right-10 grid h-8 w-8 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                <path d="m10 8.94 4.47-4.47 1.06 1.06L11.06 10l4.47 4.47-1.06 1.06L10 11.06l-4.47 4.47-1.06-1.06L8.94 10 4.47 5.53l1.06-1.06z" />
              </svg>
            </button>
          )}
          <button
            type="submit"
            aria-label="Search city"
            className={buttonClass({ size: 'icon', className: 'absolute top-1.5 right-1.5' })}
          >
            {busy === 'city' ? (
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            ) : (
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
              </svg>
            )}
          </button>
        </CityField>
      </form>
      {message && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {message}
        </p>
      )}
    </AnchoredPopover>
  );
}
