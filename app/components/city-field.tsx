import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { apiUrl } from '~/lib/auth/config';
import { request } from '~/lib/http';

/** A city as GET /api/events/places suggests it. */
export type PlaceSuggestion = {
  city: string;
  stateCode: string | null;
  countryCode: string;
  countryName: string;
  latitude: number;
  longitude: number;
  geoPoint: string;
};

/** 'Portland, ME' in the US and Canada, 'Paris, France' elsewhere. */
export const placeLabel = (place: PlaceSuggestion) =>
  `${place.city}, ${place.countryCode === 'US' || place.countryCode === 'CA' ? (place.stateCode ?? place.countryName) : place.countryName}`;

const SUGGEST_DEBOUNCE_MS = 150;

/**
 * A city text field that suggests cities from our places data as the visitor types (an ARIA
 * combobox: arrows move, Enter or a click picks, Escape closes the list). Typing without
 * picking still works: the form's own submit reads the text.
 */
export function CityField({
  id,
  value,
  onChange,
  onPick,
  placeholder = 'Search a city',
  className = '',
  inputClassName = '',
  inputRef,
  children,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  onPick: (place: PlaceSuggestion) => void;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Buttons drawn inside the field (clear, search). */
  children?: ReactNode;
}) {
  const [places, setPlaces] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the fan typed: a value set from outside (a pick, 'Current location', the popup
  // reopening) asks for no suggestions.
  const typed = useRef<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = `${id}-suggestions`;

  useEffect(() => {
    const text = value.trim();
    if (typed.current !== value || text.length < 2) {
      setPlaces([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      request<{ places: PlaceSuggestion[] }>(apiUrl('/events/places'), {
        query: { q: text, size: 6 },
        signal: controller.signal,
      }).then(
        (body) => {
          setPlaces(body?.places ?? []);
          setActive(-1);
          // An answer that comes after the fan moved on (to 'Current location', say) must not
          // open a list under a field they left.
          setOpen(!!box.current?.contains(document.activeElement));
        },
        () => undefined,
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const pick = (place: PlaceSuggestion) => {
    typed.current = null;
    setOpen(false);
    setPlaces([]);
    onChange(placeLabel(place));
    onPick(place);
  };
  const showing = open && places.length > 0;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the field and its list closes the list
    <div
      ref={box}
      className={`relative ${className}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={showing ? listId : undefined}
        aria-activedescendant={showing && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          typed.current = event.target.value;
          onChange(event.target.value);
        }}
        onKeyDown={(event) => {
          if (!showing) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current) => {
              const next = current + step;
              if (next >= places.length) return -1; // back to the text
              return next < -1 ? places.length - 1 : next;
            });
          } else if (event.key === 'Enter' && active >= 0 && active < places.length) {
            event.preventDefault();
            pick(places[active]!);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className={inputClassName}
      />
      {children}
      {/* In the flow, so the popup or dialog around it grows to hold it instead of clipping it. */}
      {showing && (
        <div
          id={listId}
          role="listbox"
          aria-label="Cities"
          className="mt-1 max-h-60 overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 text-ink shadow-md"
        >
          {places.map((place, index) => (
            <div
              key={place.geoPoint + place.city}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
              onKeyDown={() => undefined}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50'}`}
            >
              <span className="font-semibold">{place.city}</span>
              <span className="text-slate-600">
                {', '}
                {placeLabel(place).slice(place.city.length + 2)}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
