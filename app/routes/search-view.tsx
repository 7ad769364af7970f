/** The page body; the route module beside it holds the loader and meta. */
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_SORTS } from '#contracts/enum-values';
import { ArtistCard } from '~/components/artist-card';
import { PRELOADED_CARDS } from '~/components/catalogue-image';
import { EventCard } from '~/components/event-card';
import { DateFilterButton, LocationFilterButton, SearchSettingsButton } from '~/components/filter-buttons';
import { Pagination } from '~/components/pagination';
import { TicketCategoryPicker } from '~/components/ticket-category-picker';
import { buttonClass } from '~/components/ui/button';
import { PageLink } from '~/components/ui/page-link';
import { useChoiceTarget } from '~/lib/apply-filters';
import { type ChoiceLink, hrefFor, type SortChoice } from '~/lib/page-links';
import type { Route } from './+types/search';

function Chips({ label, links }: { label: string; links: ChoiceLink[] }) {
  if (!links.length) return null;
  return (
    <nav aria-label={label} className="min-w-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
        {links.map((link) => (
          <li key={link.value || 'all'} className="shrink-0">
            <PageLink
              to={link.href}
              preventScrollReset
              aria-current={link.current ? 'true' : undefined}
              className={`inline-flex h-9 items-center rounded-full px-3.5 text-sm font-semibold whitespace-nowrap ring-1 ring-inset transition ${
                link.current
                  ? 'bg-ink text-white ring-ink'
                  : 'bg-white text-slate-700 ring-slate-300 hover:ring-brand-500'
              }`}
            >
              {link.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FilterRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs font-bold tracking-wider text-slate-500 uppercase max-sm:mt-2">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

/** The sort applies to the filters of the page the router is on or loading (useChoiceTarget). */
function SortSelect({ sorts }: { sorts: SortChoice[] }) {
  const navigate = useNavigate();
  const target = useChoiceTarget();
  const choose = (sort: string) => {
    const { pathname, filters } = target();
    const next = EVENT_SORTS.find((value) => value === sort) ?? filters.sort;
    navigate(hrefFor(pathname, { ...filters, sort: next, page: 0 }), { preventScrollReset: true });
  };
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm font-semibold text-slate-700">
      <span>Sort</span>
      <select
        value={sorts.find((sort) => sort.current)?.value}
        onChange={(event) => choose(event.target.value)}
        className="h-9 rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-ink focus:border-brand-500 focus:outline-none"
      >
        {sorts.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const chosen = (links: ChoiceLink[], none = '') => links.some((link) => link.current && link.value !== none);

export default function SearchView({ page }: { page: Route.ComponentProps['loaderData'] }) {
  // Phones: the filters wait behind one button, so results start on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const narrowed =
    [chosen(page.segments), chosen(page.genres), chosen(page.prices), chosen(page.categories, 'cheapest')].filter(
      Boolean,
    ).length + page.settingsChanged;
  return (
    <main>
      <section className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-4 sm:pt-8">
          <h1 className="text-2xl font-black tracking-tight break-words sm:text-4xl">{page.title}</h1>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="text-sm text-slate-600" aria-live="polite">
              {page.summary}
            </p>
            <SortSelect sorts={page.sorts} />
          </div>
          <div className="-mx-4 mt-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
            <DateFilterButton
              label={page.dateLabel}
              active={page.filters.dates.length > 0}
              filters={page.filters}
              mode="url"
            />
            <LocationFilterButton
              label={page.locationLabel}
              active={page.locationLabel !== 'Anywhere'}
              filters={page.filters}
              mode="url"
            />
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls="search-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              className={`inline-flex h-10 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 ring-inset sm:hidden ${
                narrowed > 0 ? 'bg-brand-50 text-brand-800 ring-brand-300' : 'bg-white text-slate-800 ring-slate-300'
              }`}
            >
              {narrowed > 0 ? `Filters (${narrowed})` : 'Filters'}
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className={`h-4 w-4 fill-current transition-transform ${filtersOpen ? 'rotate-180' : ''}`}
              >
                <path d="M5.47 7.47a.75.75 0 0 1 1.06 0L10 10.94l3.47-3.47a.75.75 0 1 1 1.06 1.06l-4 4a.75.75 0 0 1-1.06 0l-4-4a.75.75 0 0 1 0-1.06Z" />
              </svg>
            </button>
            <span className={filtersOpen ? 'shrink-0' : 'shrink-0 max-sm:hidden'}>
              <SearchSettingsButton
                label={page.settingsChanged ? `Search settings (${page.settingsChanged})` : 'Search settings'}
                active={page.settingsChanged > 0}
                filters={page.filters}
                mode="url"
              />
            </span>
          </div>
          <dl
            id="search-filters"
            className={`${filtersOpen ? '' : 'max-sm:hidden'} mt-4 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[5.5rem_minmax(0,1fr)] sm:items-center sm:gap-y-3`}
          >
            <FilterRow term="Category">
              <Chips label="Segment" links={page.segments} />
            </FilterRow>
            {page.genres.length > 0 && (
              <FilterRow term="Genre">
                <Chips label="Genre" links={page.genres} />
              </FilterRow>
            )}
            <FilterRow term="Price">
              <Chips label="Price" links={page.prices} />
            </FilterRow>
            <FilterRow term="Seats">
              <TicketCategoryPicker links={page.categories} className="max-w-full" />
            </FilterRow>
          </dl>
          {page.clearHref && (
            <PageLink
              to={page.clearHref}
              className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
            >
              Clear all filters
            </PageLink>
          )}
        </div>
      </section>

      {page.artists.length > 0 && (
        <section aria-labelledby="artists" className="mx-auto max-w-6xl px-4 pt-8">
          <h2 id="artists" className="text-xl font-bold tracking-tight">
            Artists &amp; Attractions
          </h2>
          <ul className="-mx-4 mt-4 flex snap-x scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-5 md:overflow-visible md:px-0">
            {page.artists.map((artist, index) => (
              <li key={artist.id} className="w-[62vw] max-w-60 shrink-0 snap-start sm:w-[36vw] md:w-auto md:max-w-none">
                <ArtistCard artist={artist} priority={index < PRELOADED_CARDS} later={index >= PRELOADED_CARDS} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="events" className="mx-auto max-w-6xl px-4 pt-8">
        <h2 id="events" className="text-xl font-bold tracking-tight">
          Upcoming Events
        </h2>
        {page.fuzzy &&
          (page.didYouMean && page.didYouMeanHref ? (
            <p className="mt-1 text-sm text-slate-700">
              No exact matches. Did you mean{' '}
              <PageLink to={page.didYouMeanHref} className="font-semibold text-brand-700 underline">
                {page.didYouMean}
              </PageLink>
              ? Here are its results.
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No exact matches, so here are close spellings.</p>
          ))}
        {page.events.length > 0 ? (
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4">
            {page.events.map((event, index) => (
              <li key={event.id}>
                <EventCard
                  event={event}
                  priority={page.artists.length + index < PRELOADED_CARDS}
                  later={page.artists.length + index >= PRELOADED_CARDS}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-semibold">No results found</p>
            <p className="mt-1 text-sm text-slate-600">Try fewer words, other dates or a wider area.</p>
            {page.clearHref && (
              <PageLink to={page.clearHref} className={buttonClass({ className: 'mt-5 inline-block' })}>
                Clear all filters
              </PageLink>
            )}
          </div>
        )}
        <Pagination page={page.page} totalPages={page.totalPages} base={page.pageBase} label="Result pages" />
      </section>
    </main>
  );
}
