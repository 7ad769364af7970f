/** The page body; the route module beside it holds the loader and meta. */
import type { ReactNode } from 'react';
import { ArtistCard } from '~/components/artist-card';
import { EventCard, EventRow } from '~/components/event-card';
import { DateFilterButton, LocationFilterButton, SearchSettingsButton } from '~/components/filter-buttons';
import { Pagination } from '~/components/pagination';
import { SearchBox } from '~/components/search-box';
import { TicketCategoryPicker } from '~/components/ticket-category-picker';
import { StatusBadge } from '~/components/ui/status-badge';
import type { Route } from './+types/kitchen-sink';

function Specimen({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function KitchenSinkView({ page: data }: { page: Route.ComponentProps['loaderData'] }) {
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-black tracking-tight">Kitchen sink</h1>
        <p className="mt-2 text-slate-600">The shared discovery components in their states.</p>
      </div>

      <Specimen
        title="Status badges"
        note="On sale in green, off sale and cancelled in red, postponed as a warning, anything else in grey."
      >
        <div className="flex flex-wrap gap-3">
          {data.statuses.map((status) => (
            <StatusBadge key={status.code} status={status} />
          ))}
        </div>
      </Specimen>

      <Specimen title="Search box" note="Type to see the results panel; Enter opens the results page.">
        <div className="grid gap-6 md:grid-cols-2">
          <SearchBox id="kitchen-sink-search" />
          <div className="rounded-2xl bg-ink p-4">
            <SearchBox id="kitchen-sink-search-lg" size="lg" />
          </div>
        </div>
      </Specimen>

      <Specimen title="Filter buttons" note="Each opens its popup: dates, location, search settings.">
        <div className="flex flex-wrap gap-2">
          <DateFilterButton label="Dates" filters={data.filters} mode="url" />
          <DateFilterButton label="Dec 1 - Dec 24" active filters={data.filters} mode="url" />
          <LocationFilterButton label="Anywhere" filters={data.filters} mode="url" />
          <SearchSettingsButton label="Search settings" filters={data.filters} mode="url" />
        </div>
        <div className="mt-4 flex flex-wrap gap-2 rounded-2xl bg-ink p-4">
          <DateFilterButton tone="hero" label="Dates" filters={data.filters} mode="url" />
          <LocationFilterButton tone="hero" label="Austin" active filters={data.filters} mode="url" />
        </div>
      </Specimen>

      <Specimen title="Ticket category">
        <div className="flex flex-wrap items-start gap-6">
          <TicketCategoryPicker links={data.categories} className="max-w-full" />
          <TicketCategoryPicker links={data.categories} grid className="w-72" />
        </div>
      </Specimen>

      <Specimen
        title="Event cards"
        note="On sale with a price; postponed with an estimated price; date TBA without image."
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3">
          {data.events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      </Specimen>

      <Specimen title="Event rows">
        <ul className="space-y-3">
          {data.events.map((event) => (
            <li key={event.id}>
              <EventRow event={event} />
            </li>
          ))}
        </ul>
      </Specimen>

      <Specimen title="Artist cards" note="With an image and upcoming events; without an image (initials).">
        <ul className="grid max-w-lg grid-cols-2 gap-4">
          {data.artists.map((artist) => (
            <li key={artist.id}>
              <ArtistCard artist={artist} />
            </li>
          ))}
        </ul>
      </Specimen>

      <Specimen title="Pagination">
        <Pagination page={0} totalPages={3} base={{ path: '/kitchen-sink', query: '' }} label="First page" />
        <Pagination page={6} totalPages={20} base={{ path: '/kitchen-sink', query: 'a=1' }} label="Middle page" />
      </Specimen>

      <Specimen title="Empty state">
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">No results found</p>
          <p className="mt-1 text-sm text-slate-600">Try fewer words, other dates or a wider area.</p>
        </div>
      </Specimen>
    </main>
  );
}
