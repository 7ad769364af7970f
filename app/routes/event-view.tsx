/** The page body; the route module beside it holds the loader and meta. */
import { useParams } from 'react-router';
import { CatalogueImage } from '~/components/catalogue-image';
import { EventRow } from '~/components/event-card';
import { MorePhotos, MoreVenueDetails } from '~/components/event-extras';
import { TicketCategoryPicker } from '~/components/ticket-category-picker';
import { EventTracking } from '~/components/tracking/event-tracking';
import { Badge } from '~/components/ui/badge';
import { buttonClass } from '~/components/ui/button';
import { PageLink } from '~/components/ui/page-link';
import { StatusBadge } from '~/components/ui/status-badge';
import type { Route } from './+types/event';

const CALENDAR =
  'M6 2h1.5v2h5V2H14v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2ZM3.5 8.5V16c0 .28.22.5.5.5h12a.5.5 0 0 0 .5-.5V8.5h-13Z';
const PIN =
  'M10 1.5a6 6 0 0 1 6 6c0 4.3-4.9 9.6-5.5 10.2a.7.7 0 0 1-1 0C8.9 17.1 4 11.8 4 7.5a6 6 0 0 1 6-6Zm0 3.75a2.25 2.25 0 1 0 0 4.5 2.25 2.25 0 0 0 0-4.5Z';

function Fact({ icon, label, title, detail }: { icon: string; label: string; title: string; detail?: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="sr-only">{label}</dt>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-4 w-4 shrink-0 fill-brand-600">
        <path d={icon} />
      </svg>
      <dd>
        <span className="font-semibold text-ink">{title}</span>
        {detail && <span className="block text-sm text-slate-600">{detail}</span>}
      </dd>
    </div>
  );
}

export default function EventView({ page }: { page: Route.ComponentProps['loaderData'] }) {
  const { event, venue, tickets, headliner } = page;
  const { id = '' } = useParams();
  return (
    <main className="mx-auto max-w-6xl px-4 pt-4 pb-0 sm:pt-6 lg:pb-12">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes < > & so the text stays data
        dangerouslySetInnerHTML={{ __html: page.jsonLd }}
      />
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <PageLink to="/" className="hover:text-brand-700 hover:underline">
              Home
            </PageLink>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <PageLink to={headliner?.href ?? '/search'} className="hover:text-brand-700 hover:underline">
              {headliner?.name ?? 'Events'}
            </PageLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="max-w-[55vw] truncate font-medium text-ink">
            {event.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-10">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={event.status} />
            {event.genres.map((name) => (
              <Badge key={name} tone="neutral">
                {name}
              </Badge>
            ))}
          </div>
          <h1 className="mt-3 text-3xl leading-tight font-black tracking-tight break-words sm:text-5xl">
            {event.name}
          </h1>
          <dl className="mt-4 grid gap-3 text-slate-700 sm:grid-cols-2">
            <Fact icon={CALENDAR} label="Date and time" title={event.date} detail={event.time} />
            <Fact icon={PIN} label="Venue" title={venue?.name ?? 'Venue to be announced'} detail={venue?.place} />
          </dl>
          <EventTracking event={{ id, name: event.name }} hasDate={event.time !== undefined} />
          <div className="mt-6 aspect-[16/9] overflow-hidden rounded-2xl bg-slate-100 shadow-sm">
            <CatalogueImage
              image={event.image}
              alt={event.name}
              sizes="(min-width: 1024px) 700px, 100vw"
              priority
              fallbackLabel={event.name}
              className="h-full w-full"
            />
          </div>
        </div>

        <aside aria-labelledby="tickets-heading" className="min-w-0 lg:row-span-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24">
            <h2 id="tickets-heading" className="text-lg font-bold">
              Tickets
            </h2>
            <TicketCategoryPicker links={tickets.categories} grid className="mt-3" />
            <div className="mt-4">
              {tickets.price ? (
                <>
                  <p className="text-sm text-slate-600">{tickets.lead}</p>
                  <p className="text-3xl font-black tracking-tight">{tickets.price}</p>
                </>
              ) : (
                <p className="text-sm text-slate-600">Prices are shown at the seller.</p>
              )}
              {tickets.range && (
                <p className="mt-2 text-sm text-slate-600">
                  Price range <span className="font-semibold text-ink">{tickets.range}</span>
                </p>
              )}
            </div>
            <BuyOptions tickets={tickets} />
            <p className="mt-3 text-xs leading-5 text-slate-600">
              Encore does not sell tickets: you buy from the official seller, who sets the final price and fees.
            </p>
          </div>
        </aside>

        <div className="min-w-0 space-y-8">
          {(event.info || event.pleaseNote) && (
            <section aria-labelledby="about-event">
              <h2 id="about-event" className="text-xl font-bold">
                About this event
              </h2>
              {event.info && <p className="mt-2 leading-7 whitespace-pre-line text-slate-700">{event.info}</p>}
              {event.pleaseNote && (
                <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900">
                  <strong className="font-semibold">Please note: </strong>
                  {event.pleaseNote}
                </p>
              )}
            </section>
          )}
          {venue && (
            <section aria-labelledby="venue-heading">
              <h2 id="venue-heading" className="text-xl font-bold">
                Venue
              </h2>
              <address className="mt-2 rounded-2xl border border-slate-200 bg-white p-4 leading-6 text-slate-700 not-italic">
                <span className="block font-semibold text-ink">{venue.name}</span>
                {venue.lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              {venue.id && <MoreVenueDetails venueId={venue.id} />}
            </section>
          )}
          <section aria-labelledby="photos-heading">
            <h2 id="photos-heading" className="text-xl font-bold">
              Photos
            </h2>
            <MorePhotos eventId={id} />
          </section>
          {headliner && (
            <section aria-labelledby="other-dates">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="other-dates" className="text-xl font-bold">
                  More dates for {headliner.name}
                </h2>
                <PageLink to={headliner.href} className="text-sm font-semibold text-brand-700 hover:underline">
                  {headliner.all}
                </PageLink>
              </div>
              {page.otherDates.length > 0 ? (
                <ol className="mt-3 space-y-3">
                  {page.otherDates.map((other) => (
                    <li key={other.id}>
                      <EventRow event={other} />
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-2 text-sm text-slate-600">No other upcoming dates right now.</p>
              )}
            </section>
          )}
        </div>
      </div>
      <StickyBuyBar tickets={tickets} />
    </main>
  );
}

type Tickets = Route.ComponentProps['loaderData']['tickets'];

const EXTERNAL =
  'M11 3h6v6h-1.5V5.56l-6.47 6.47-1.06-1.06 6.47-6.47H11V3ZM4.5 6A1.5 1.5 0 0 0 3 7.5v8A1.5 1.5 0 0 0 4.5 17h8a1.5 1.5 0 0 0 1.5-1.5V11h-1.5v4.5h-8v-8H9V6H4.5Z';

function ExternalIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-current">
      <path d={EXTERNAL} />
    </svg>
  );
}

/** The seller's own page when the source published one, else a search at each seller. */
function BuyOptions({ tickets }: { tickets: Tickets }) {
  if (tickets.buy) {
    return (
      <a
        id="buy-tickets"
        href={tickets.buy.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={buttonClass({ size: 'lg', className: 'mt-5 flex h-12 items-center justify-center gap-2' })}
      >
        {tickets.buy.label}
        <ExternalIcon />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  if (tickets.search.length > 0) {
    return (
      <div id="buy-tickets" className="mt-5">
        <h3 className="text-sm font-semibold text-ink">Find tickets at a seller</h3>
        <ul className="mt-2 grid grid-cols-2 gap-2">
          {tickets.search.map((link, index) => (
            <li key={link.seller}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                aria-label={`Search ${link.seller} for this event (opens in a new tab)`}
                className={buttonClass({
                  variant: index === 0 ? 'primary' : 'secondary',
                  size: 'sm',
                  className: 'flex h-11 items-center justify-center gap-1.5',
                })}
              >
                {link.seller}
                <ExternalIcon />
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs leading-5 text-slate-600">Each link searches that seller for this event.</p>
      </div>
    );
  }
  return (
    <p className="mt-5 rounded-xl bg-slate-100 px-4 py-3 text-center text-sm font-semibold text-slate-700">
      {tickets.closed}
    </p>
  );
}

/** Phones and tablets: the price and the way to buy stay in reach at the bottom of the screen while the page scrolls. */
function StickyBuyBar({ tickets }: { tickets: Tickets }) {
  const href = tickets.buy?.href ?? (tickets.search.length > 0 ? '#buy-tickets' : undefined);
  if (!href) return null;
  const external = !!tickets.buy;
  return (
    <div
      data-testid="sticky-buy-bar"
      className="sticky bottom-0 z-40 -mx-4 mt-8 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(20,18,31,0.08)] backdrop-blur lg:hidden"
    >
      <p className="min-w-0 flex-1 text-ink">
        {tickets.price ? (
          <>
            <span className="block truncate text-xs text-slate-600">{tickets.lead}</span>
            <span className="block truncate text-lg font-black">{tickets.price}</span>
          </>
        ) : (
          <span className="text-sm text-slate-600">Prices at the seller</span>
        )}
      </p>
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
        className={buttonClass({ className: 'inline-flex h-11 shrink-0 items-center gap-2' })}
      >
        {external ? 'Buy tickets' : 'Find tickets'}
        {external && <ExternalIcon />}
        {external && <span className="sr-only">(opens in a new tab)</span>}
      </a>
    </div>
  );
}
