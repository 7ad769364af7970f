/** The page body; the route module beside it holds the loader and meta. */
import { useParams } from 'react-router';
import { CatalogueImage } from '~/components/catalogue-image';
import { EventRow } from '~/components/event-card';
import { DateFilterButton, LocationFilterButton } from '~/components/filter-buttons';
import { Pagination } from '~/components/pagination';
import { TicketCategoryPicker } from '~/components/ticket-category-picker';
import { FollowButton } from '~/components/tracking/follow-button';
import { buttonClass } from '~/components/ui/button';
import { PageLink } from '~/components/ui/page-link';
import type { Route } from './+types/artist';

export default function ArtistView({ page }: { page: Route.ComponentProps['loaderData'] }) {
  const { artist, filters } = page;
  const { id = '' } = useParams();
  return (
    <main>
      <section className="relative isolate overflow-hidden bg-ink text-white">
        {artist.hero ? (
          <CatalogueImage
            image={artist.hero}
            alt=""
            sizes="100vw"
            priority
            className="absolute inset-0 -z-20 h-full w-full"
          />
        ) : (
          <div className="absolute inset-0 -z-20 bg-gradient-to-br from-brand-900 via-brand-700 to-fuchsia-700" />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink via-ink/75 to-ink/35" />
        <div className="mx-auto max-w-6xl px-4 pt-28 pb-10 sm:pt-36 sm:pb-14">
          <nav aria-label="Breadcrumb" className="text-sm text-white/85">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <PageLink to="/" className="hover:text-white hover:underline">
                  Home
                </PageLink>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <PageLink to="/search" className="hover:text-white hover:underline">
                  Events
                </PageLink>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="max-w-[60vw] truncate text-white">
                {artist.name}
              </li>
            </ol>
          </nav>
          {artist.genres.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Genre">
              {artist.genres.map((name) => (
                <li
                  key={name}
                  className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide ring-1 ring-white/25 backdrop-blur"
                >
                  {name}
                </li>
              ))}
            </ul>
          )}
          <h1 className="mt-3 text-4xl leading-tight font-black tracking-tight break-words sm:text-6xl">
            {artist.name}
          </h1>
          <p className="mt-2 text-white/85">{artist.upcoming}</p>
          <div className="mt-6 flex flex-wrap gap-2">
            <FollowButton attraction={{ id, name: artist.name }} tone="hero" />
            <DateFilterButton
              tone="hero"
              label={page.dateLabel}
              active={filters.dates.length > 0}
              filters={filters}
              mode="url"
            />
            <LocationFilterButton
              tone="hero"
              label={page.locationLabel}
              active={page.locationLabel !== 'Anywhere'}
              filters={filters}
              mode="url"
            />
          </div>
          <section aria-labelledby="about-artist" className="mt-8 max-w-3xl">
            <h2 id="about-artist" className="text-lg font-bold">
              About {artist.name}
            </h2>
            <p className="mt-2 leading-7 whitespace-pre-line text-white/85">{artist.about}</p>
          </section>
        </div>
      </section>

      <section aria-labelledby="artist-events" className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="artist-events" className="text-2xl font-bold tracking-tight">
              Upcoming events
            </h2>
            <p className="mt-1 text-sm text-slate-600">{page.summary}</p>
          </div>
          <TicketCategoryPicker links={page.categories} className="max-w-full" />
        </div>
        {page.events.length > 0 ? (
          <ol className="mt-6 space-y-3">
            {page.events.map((event) => (
              <li key={event.id}>
                <EventRow event={event} />
              </li>
            ))}
          </ol>
        ) : (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-semibold">No upcoming events{page.narrowed ? ' match these filters' : ''}</p>
            <p className="mt-1 text-sm text-slate-600">
              {page.narrowed
                ? 'Try other dates or a wider area.'
                : `${artist.name} has no dates on sale right now. Check back soon.`}
            </p>
            {page.narrowed && (
              <PageLink to={page.showAllHref} className={buttonClass({ className: 'mt-5 inline-block' })}>
                Show all dates
              </PageLink>
            )}
          </div>
        )}
        <Pagination page={page.page} totalPages={page.totalPages} base={page.pageBase} label="Event pages" />
      </section>
    </main>
  );
}
