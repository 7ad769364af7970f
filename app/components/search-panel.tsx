import { Link } from 'react-router';
import { STORE_MESSAGES } from '~/lib/store-errors';
import { type Suggestions, searchPageHref } from '~/lib/suggestions';
import { FetchFailure } from './fetch-failure';
import { Badge } from './ui/badge';
import { CardThumbnail } from './ui/card-thumbnail';
import { StatusBadge } from './ui/status-badge';

/**
 * The search box's results panel, loaded when the visitor first focuses or types in the box
 * (the box itself stays small; its data: lib/suggestions.ts).
 */
const groupLabel = 'px-4 pt-2 pb-1 text-xs font-bold tracking-wider text-slate-600 uppercase';
const optionClass = (selected: boolean) =>
  `mx-2 flex items-center gap-3 rounded-xl px-2 py-2 ${selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50'}`;

export default function SearchPanel({
  id,
  listboxId,
  results,
  failed = false,
  onRetry,
  active,
  keyword,
  optionId,
  onPick,
  className,
  maxHeight,
}: {
  id: string;
  listboxId: string;
  results: Suggestions;
  /** The request failed (SPEC §8): say so and offer to search again. */
  failed?: boolean;
  onRetry?: () => void;
  active: number;
  keyword: string;
  optionId: (index: number) => string;
  onPick: () => void;
  className: string;
  /** The room below the box, so the panel never runs off the bottom of the screen. */
  maxHeight?: number;
}) {
  const count = results.artists.length + results.events.length;
  return (
    <div className={className} style={maxHeight ? { maxHeight } : undefined}>
      {!failed && results.didYouMean && count > 0 && (
        <p className="px-4 pt-1 pb-2 text-sm text-slate-700">
          Did you mean{' '}
          <Link
            to={searchPageHref(results.didYouMean)}
            tabIndex={-1}
            onClick={onPick}
            className="font-semibold text-brand-700 underline"
          >
            {results.didYouMean}
          </Link>
          ? Showing its results.
        </p>
      )}
      {failed ? (
        <FetchFailure message={STORE_MESSAGES.searchEvents} onRetry={() => onRetry?.()} className="px-4 py-5" />
      ) : count > 0 ? (
        <div id={listboxId} role="listbox" aria-label="Search results" className="divide-y divide-slate-100">
          {results.artists.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group (APG combobox); fieldset is for form controls
            <div role="group" aria-labelledby={`${id}-artists`} className="pb-1">
              <div role="presentation" id={`${id}-artists`} className={groupLabel}>
                Artists &amp; Attractions
              </div>
              {results.artists.map((artist, index) => (
                <Link
                  key={artist.id}
                  to={artist.href}
                  id={optionId(index)}
                  role="option"
                  aria-selected={active === index}
                  tabIndex={-1}
                  onClick={onPick}
                  className={optionClass(active === index)}
                >
                  <CardThumbnail image={artist.image} name={artist.name} shape="artist" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold">{artist.name}</span>
                    {artist.genre && <span className="block truncate text-xs text-slate-600">{artist.genre}</span>}
                  </span>
                  <Badge>{artist.upcoming}</Badge>
                </Link>
              ))}
            </div>
          )}
          {results.events.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group (APG combobox); fieldset is for form controls
            <div role="group" aria-labelledby={`${id}-events`} className="pt-1">
              <div role="presentation" id={`${id}-events`} className={groupLabel}>
                Upcoming Events
              </div>
              {results.events.map((event, index) => {
                const position = results.artists.length + index;
                return (
                  <Link
                    key={event.id}
                    to={event.href}
                    id={optionId(position)}
                    role="option"
                    aria-selected={active === position}
                    tabIndex={-1}
                    onClick={onPick}
                    className={optionClass(active === position)}
                  >
                    <CardThumbnail image={event.thumb} name={event.name} shape="event" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{event.name}</span>
                      <span className="block truncate text-xs text-slate-600">
                        {[event.when, event.venueName, event.place].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    <StatusBadge status={event.status} />
                  </Link>
                );
              })}
            </div>
          )}
        </div>
      ) : (
        <p className="px-4 py-6 text-center text-sm text-slate-600">No results found</p>
      )}
      {keyword && (
        <Link
          to={searchPageHref(keyword)}
          tabIndex={-1}
          onClick={onPick}
          className="mx-2 mt-1 block rounded-xl px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          See all results for “{keyword}”
        </Link>
      )}
    </div>
  );
}
