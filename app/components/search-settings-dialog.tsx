import { type ReactNode, useId, useState } from 'react';
import { COUNTRY_CODES, SEGMENTS, SOURCES, UNITS } from '#contracts/enum-values';
import { Button } from '~/components/ui/button';
import { DialogCloseIcon, DialogDescription, DialogTitle, ModalDialog } from '~/components/ui/modal-dialog';
import { type ApplyMode, useApplyFilters } from '~/lib/apply-filters';
import { defaultFilters, type Filters, geoPointOf, parseGeoPoint, SOURCE_LABELS } from '~/lib/filters';
import { CityField } from './city-field';
import { FilterSelect } from './filter-select';

const UNIT_LABELS: Record<(typeof UNITS)[number], string> = { miles: 'Miles', km: 'Kilometres' };

export const COUNTRY_NAMES: Record<(typeof COUNTRY_CODES)[number], string> = {
  US: 'United States',
  AD: 'Andorra',
  AI: 'Anguilla',
  AR: 'Argentina',
  AU: 'Australia',
  AT: 'Austria',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  ES: 'Spain',
  IT: 'Italy',
  JP: 'Japan',
  CA: 'Canada',
};

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }));

// Dense option rows on a wide screen, finger-sized ones below it (the md breakpoint).
const DENSE_QUERY = '(min-width: 1024px)';

type Form = {
  latitude: string;
  longitude: string;
  radius: string;
  unit: string;
  source: string;
  countryCode: string;
  locale: string;
  geoPoint: string;
  segmentId: string;
};

const formOf = (filters: Filters): Form => ({
  latitude: filters.location.latitude?.toString() ?? '',
  longitude: filters.location.longitude?.toString() ?? '',
  radius: filters.radius,
  unit: filters.unit,
  source: filters.source,
  countryCode: filters.location.countryCode,
  locale: filters.location.locale,
  geoPoint: filters.location.geoPoint ?? '',
  segmentId: filters.segmentId ?? '',
});

type Errors = Partial<Record<keyof Form, string>>;

function validate(form: Form): Errors {
  const errors: Errors = {};
  const lat = form.latitude.trim();
  const lon = form.longitude.trim();
  if (lat && (!Number.isFinite(Number(lat)) || Math.abs(Number(lat)) > 90))
    errors.latitude = 'Latitude is a number from -90 to 90';
  if (lon && (!Number.isFinite(Number(lon)) || Math.abs(Number(lon)) > 180))
    errors.longitude = 'Longitude is a number from -180 to 180';
  if (lat && !lon && !errors.latitude) errors.longitude = 'Give the longitude too';
  if (lon && !lat && !errors.longitude) errors.latitude = 'Give the latitude too';
  const radius = Number(form.radius);
  if (!form.radius.trim() || !Number.isFinite(radius) || radius <= 0 || radius > 20000)
    errors.radius = 'Radius is a number above 0';
  if (form.geoPoint.trim() && !parseGeoPoint(form.geoPoint)) errors.geoPoint = 'Geo point reads latitude:longitude';
  if (!/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*$|^\*$/.test(form.locale.trim()))
    errors.locale = 'Locale looks like en or en-us';
  return errors;
}

/**
 * SPEC §2 Search Settings dialog: latitude, longitude, radius (number), unit, source, country,
 * locale, geo point and segment ID; Reset puts the defaults back in the form, Apply uses it.
 * It reads as a fan's form: a city picked by name fills latitude and longitude, the segment
 * is chosen by name, countries by name, and the exact point, language and source sit under
 * "Advanced". Latitude and longitude keep the geo point in step (SPEC §3: four decimals, colon).
 */
export default function SearchSettingsDialog({
  open,
  onOpenChange,
  filters,
  mode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: Filters;
  mode: ApplyMode;
}) {
  const onApply = useApplyFilters(mode, filters);
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(filters));
  const [errors, setErrors] = useState<Errors>({});
  const [place, setPlace] = useState(filters.location.city ?? filters.city ?? '');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // The dialog only ever renders in the browser (opened by a press), so the media query is there.
  const [dense] = useState(() => window.matchMedia(DENSE_QUERY).matches);
  const [picked, setPicked] = useState<{ geoPoint: string; city: string } | null>(null);

  const update = (patch: Partial<Form>) => {
    setForm((current) => {
      const next = { ...current, ...patch };
      if ('latitude' in patch || 'longitude' in patch) {
        const lat = Number(next.latitude);
        const lon = Number(next.longitude);
        next.geoPoint =
          next.latitude.trim() && next.longitude.trim() && Math.abs(lat) <= 90 && Math.abs(lon) <= 180
            ? geoPointOf(lat, lon)
            : '';
      } else if ('geoPoint' in patch) {
        const point = parseGeoPoint(next.geoPoint);
        if (point) {
          next.latitude = String(point.latitude);
          next.longitude = String(point.longitude);
        }
      }
      return next;
    });
  };

  function apply() {
    const found = validate(form);
    setErrors(found);
    if (found.latitude || found.longitude || found.geoPoint || found.locale) setAdvancedOpen(true);
    if (Object.keys(found).length) return;
    const point = parseGeoPoint(form.geoPoint);
    onApply((base) => {
      const location = { ...base.location };
      if (point) {
        const sameSpot = location.geoPoint === geoPointOf(point.latitude, point.longitude);
        Object.assign(location, {
          latitude: point.latitude,
          longitude: point.longitude,
          geoPoint: geoPointOf(point.latitude, point.longitude),
          city: sameSpot
            ? location.city
            : picked?.geoPoint === geoPointOf(point.latitude, point.longitude)
              ? picked.city
              : undefined,
        });
      } else {
        Object.assign(location, { latitude: undefined, longitude: undefined, geoPoint: undefined, city: undefined });
      }
      location.countryCode = form.countryCode;
      location.locale = form.locale.trim();
      return {
        ...base,
        location,
        city: point ? undefined : base.city,
        postalCode: point ? undefined : base.postalCode,
        radius: String(Number(form.radius)),
        unit: form.unit as Filters['unit'],
        source: form.source as Filters['source'],
        segmentId: form.segmentId || undefined,
        page: 0,
      };
    });
    onOpenChange(false);
  }

  return (
    <ModalDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="popover-panel mx-0 mt-auto mb-0 max-h-[92vh] w-full max-w-full overflow-y-auto rounded-t-3xl p-5 shadow-2xl backdrop:bg-ink/50 sm:m-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[560px] sm:rounded-3xl sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <DialogTitle className="text-lg font-bold">Search Settings</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-slate-600">
            Where to look, how far, and what kind of events.
          </DialogDescription>
        </div>
        <DialogCloseIcon className="shrink-0" small />
      </div>
      <form
        noValidate
        className="mt-5 grid grid-cols-2 gap-x-3 gap-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <div className="col-span-2">
          <label htmlFor={`${id}-place`} className="text-xs font-semibold text-slate-600">
            Near
          </label>
          <CityField
            id={`${id}-place`}
            value={place}
            onChange={setPlace}
            onPick={(chosen) => {
              update({ latitude: String(chosen.latitude), longitude: String(chosen.longitude) });
              setPicked({ geoPoint: geoPointOf(chosen.latitude, chosen.longitude), city: chosen.city });
              if (COUNTRY_CODES.includes(chosen.countryCode as (typeof COUNTRY_CODES)[number])) {
                update({ countryCode: chosen.countryCode });
              }
            }}
            placeholder="A city, e.g. Chicago"
            className="mt-1"
            inputClassName={inputClass.replace('mt-1 ', '')}
          />
          <p className="mt-1 text-xs text-slate-600">Pick a city to search around it.</p>
        </div>
        <Field id={`${id}-radius`} label="Distance" error={errors.radius}>
          <input
            id={`${id}-radius`}
            type="number"
            min={1}
            step="any"
            value={form.radius}
            onChange={(event) => update({ radius: event.target.value })}
            {...invalid(errors.radius, `${id}-radius`)}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-unit`} label="Unit">
          <select
            id={`${id}-unit`}
            value={form.unit}
            onChange={(event) => update({ unit: event.target.value })}
            className={inputClass}
          >
            {UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-segment`} label="Category">
          <select
            id={`${id}-segment`}
            value={form.segmentId}
            onChange={(event) => update({ segmentId: event.target.value })}
            className={inputClass}
          >
            <option value="">All categories</option>
            {Object.values(SEGMENTS).map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name}
              </option>
            ))}
          </select>
        </Field>
        <FilterSelect
          label="Country"
          filterLabel="Filter countries"
          options={COUNTRY_OPTIONS}
          value={form.countryCode}
          onChange={(countryCode) => update({ countryCode })}
          dense={dense}
        />
        <details
          className="col-span-2 rounded-xl border border-slate-200 px-3 py-2"
          open={advancedOpen || undefined}
          onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
        >
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">
            Advanced: exact point, language, ticket source
          </summary>
          <div className="mt-3 grid grid-cols-2 gap-x-3 gap-y-4 pb-1">
            <Field id={`${id}-lat`} label="Latitude" error={errors.latitude}>
              <input
                id={`${id}-lat`}
                inputMode="decimal"
                value={form.latitude}
                placeholder="30.2672"
                onChange={(event) => update({ latitude: event.target.value })}
                {...invalid(errors.latitude, `${id}-lat`)}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-lon`} label="Longitude" error={errors.longitude}>
              <input
                id={`${id}-lon`}
                inputMode="decimal"
                value={form.longitude}
                placeholder="-97.7431"
                onChange={(event) => update({ longitude: event.target.value })}
                {...invalid(errors.longitude, `${id}-lon`)}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-geo`} label="Map point" hint="latitude:longitude" error={errors.geoPoint}>
              <input
                id={`${id}-geo`}
                value={form.geoPoint}
                placeholder="41.8781:-87.6298"
                onChange={(event) => update({ geoPoint: event.target.value })}
                {...invalid(errors.geoPoint, `${id}-geo`)}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-locale`} label="Language" hint="a code like en or en-us" error={errors.locale}>
              <input
                id={`${id}-locale`}
                value={form.locale}
                onChange={(event) => update({ locale: event.target.value })}
                {...invalid(errors.locale, `${id}-locale`)}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-source`} label="Ticket source" wide>
              <select
                id={`${id}-source`}
                value={form.source}
                onChange={(event) => update({ source: event.target.value })}
                className={inputClass}
              >
                {SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {SOURCE_LABELS[source]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </details>
        <div className="col-span-2 mt-2 flex gap-3">
          <Button
            variant="secondary"
            className="h-11 flex-1"
            onClick={() => {
              setForm(formOf(defaultFilters()));
              setPlace('');
              setErrors({});
            }}
          >
            Reset
          </Button>
          <Button type="submit" className="h-11 flex-1">
            Apply
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

const inputClass =
  'mt-1 h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none aria-[invalid=true]:border-red-600';

const invalid = (error: string | undefined, id: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

function Field({
  id,
  label,
  hint,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-span-2' : 'col-span-2 min-[400px]:col-span-1'}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-600">
        {label}
        {hint && <span className="font-normal"> ({hint})</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
