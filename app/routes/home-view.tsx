/** The page body; the route module beside it holds the loader and meta. */
import { ArtistCard } from '~/components/artist-card';
import { PRELOADED_CARDS } from '~/components/catalogue-image';
import { EventCard } from '~/components/event-card';
import { DateFilterButton, LocationFilterButton } from '~/components/filter-buttons';
import { useSuggestQuery } from '~/components/hydration';
import { SearchBox } from '~/components/search-box';
import { PageLink } from '~/components/ui/page-link';
import type { Route } from './+types/home';

/** Segment tiles: a colour and an emoji-free glyph each, so the grid reads at a glance. */
const SEGMENT_STYLE: Record<string, string> = {
  Music: 'from-fuchsia-600 to-brand-700',
  Sports: 'from-emerald-600 to-teal-800',
  'Arts & Theatre': 'from-amber-500 to-rose-700',
  Film: 'from-sky-600 to-indigo-800',
  Miscellaneous: 'from-slate-600 to-slate-800',
};

export default function HomeView({ page }: { page: Route.ComponentProps['loaderData'] }) {
  const suggestQuery = useSuggestQuery();
  return (
    <main>
      <section className="relative isolate z-20 bg-ink px-4 pt-12 pb-14 text-white sm:pt-20 sm:pb-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 overflow-hidden bg-[radial-gradient(60rem_30rem_at_15%_-10%,#7c5cff_0%,transparent_60%),radial-gradient(50rem_30rem_at_100%_120%,#c026d3_0%,transparent_55%)] opacity-90"
        />
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl leading-[1.08] font-black tracking-tight text-balance sm:text-6xl">
            Live events near you, on your dates.
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-white/85">
            Concerts, games and shows in one place. Compare seats and prices, then buy from the official seller.
          </p>
          <SearchBox
            id="home-search"
            size="lg"
            className="mx-auto mt-8 max-w-2xl text-left"
            suggestQuery={suggestQuery}
          />
          <div className="mt-5 flex flex-wrap items-center justify-center gap-2">
            <LocationFilterButton
              tone="hero"
              label={page.locationLabel}
              active={page.locationLabel !== 'Anywhere'}
              filters={page.filters}
              mode="preferences"
            />
            <DateFilterButton
              tone="hero"
              label={page.dateLabel}
              active={page.filters.dates.length > 0}
              filters={page.filters}
              mode="preferences"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="upcoming" className="mx-auto max-w-6xl px-4 pt-10 sm:pt-14">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="upcoming" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {page.upcomingTitle}
            </h2>
            {page.widenedFrom && (
              <p className="mt-1 text-sm text-slate-600">
                Nothing near {page.widenedFrom} on these dates yet, so here is what is on elsewhere.
              </p>
            )}
          </div>
          <PageLink to={page.upcomingHref} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
            See all
          </PageLink>
        </div>
        {page.upcoming.length > 0 ? (
          <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4">
            {page.upcoming.map((event, index) => (
              <li key={event.id}>
                <EventCard event={event} priority={index < PRELOADED_CARDS} later={index >= PRELOADED_CARDS} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-5 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
            No upcoming events on these dates. Try other dates.
          </p>
        )}
      </section>

      {page.artists.length > 0 && (
        <section aria-labelledby="popular-artists" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
          <h2 id="popular-artists" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Popular artists
          </h2>
          <ul className="-mx-4 mt-5 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] md:mx-0 md:grid md:grid-cols-5 md:overflow-visible md:px-0">
            {page.artists.map((artist) => (
              <li key={artist.id} className="w-[70vw] max-w-64 shrink-0 snap-start sm:w-[40vw] md:w-auto md:max-w-none">
                <ArtistCard artist={artist} later />
              </li>
            ))}
          </ul>
        </section>
      )}

      {page.segments.length > 0 && (
        <section aria-labelledby="browse" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
          <h2 id="browse" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Browse by category
          </h2>
          <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3">
            {page.segments.map((segment) => (
              <li
                key={segment.id}
                className={`rounded-2xl bg-gradient-to-br p-5 text-white shadow-sm ${SEGMENT_STYLE[segment.name] ?? SEGMENT_STYLE.Miscellaneous}`}
              >
                <h3 className="text-xl font-bold">
                  <PageLink to={segment.href} className="hover:underline">
                    {segment.name}
                  </PageLink>
                </h3>
                <ul className="genre-chips" aria-label={`${segment.name} genres`}>
                  {segment.genres.map((genre) => (
                    <li key={genre.href}>
                      <PageLink to={genre.href}>{genre.name}</PageLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
