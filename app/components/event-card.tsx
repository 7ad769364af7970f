import { Link } from 'react-router';
import type { EventCardView, EventGridCardView } from '~/lib/views';
import { CatalogueImage } from './catalogue-image';
import { WatchButton } from './tracking/watch-button';
import { buttonClass } from './ui/button';
import { CardThumbnail } from './ui/card-thumbnail';
import { StatusBadge } from './ui/status-badge';

/**
 * A grid card: landscape image, date tile, status, name, date, venue and the lowest price.
 * Styled by `.event-card` in app.css: a grid repeats it.
 */
export function EventCard({
  event,
  priority = false,
  later = false,
}: {
  event: EventGridCardView;
  priority?: boolean;
  later?: boolean;
}) {
  return (
    <article className="event-card group">
      <div className="media">
        <CatalogueImage
          image={event.image}
          alt=""
          sizes="(min-width: 1024px) 300px, (min-width: 600px) 45vw, 92vw"
          priority={priority}
          later={later}
          fallbackLabel={event.name}
          className="picture"
        />
        {event.tile && (
          <div aria-hidden="true" className="date-tile">
            <span>{event.tile.month}</span>
            <span>{event.tile.day}</span>
            <span>{event.tile.year ?? event.tile.weekday}</span>
          </div>
        )}
      </div>
      <div className="text">
        <div className="kind">
          <StatusBadge status={event.status} />
          {event.genre && <span className="genre">{event.genre}</span>}
        </div>
        <h3>
          <Link to={event.href}>{event.name}</Link>
        </h3>
        <p className="when">{event.when}</p>
        {event.venue && <p className="venue">{event.venue}</p>}
        <div className="foot">
          <p className="from">{event.from ?? <span>Prices at the seller</span>}</p>
          {/* Beside the price on phones; over the image's corner from 600 px. */}
          <WatchButton event={event} className="watch" />
        </div>
      </div>
    </article>
  );
}

/** A list row: date tile, thumbnail, name, time and venue, status, price and a call to action. */
export function EventRow({ event }: { event: EventCardView }) {
  return (
    <article className="group relative flex items-center gap-3 rounded-2xl max-sm:flex-wrap border border-slate-200/80 bg-white p-3 shadow-sm transition hover:border-brand-200 hover:shadow-md sm:gap-4 sm:p-4">
      <div
        className={`flex w-14 shrink-0 flex-col items-center rounded-xl py-2 sm:w-16 ${event.tile ? 'bg-brand-50' : 'bg-slate-100'}`}
      >
        {event.tile ? (
          <>
            <span className="text-[11px] font-bold tracking-wider text-brand-700">{event.tile.month}</span>
            <span className="text-2xl leading-7 font-black">{event.tile.day}</span>
            <span className="text-[11px] text-slate-600">{event.tile.year ?? event.tile.weekday}</span>
          </>
        ) : (
          <span className="px-1 py-2 text-center text-xs leading-4 font-semibold text-slate-600">{event.when}</span>
        )}
      </div>
      <CardThumbnail image={event.thumb} name={event.name} shape="event-large" className="max-sm:hidden" />
      <div className="min-w-0 flex-1 max-sm:basis-[calc(100%-4.25rem)]">
        <h3 className="line-clamp-2 text-sm leading-snug font-bold sm:text-base">
          <Link to={event.href} className="after:absolute after:inset-0">
            {event.name}
          </Link>
        </h3>
        {event.line && <p className="mt-0.5 text-sm text-slate-600 sm:truncate">{event.line}</p>}
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <StatusBadge status={event.status} />
          {event.price && <span className="text-xs font-semibold text-slate-700">{event.price}</span>}
        </div>
      </div>
      {/* Phones: on a line of its own under the text, so the venue is not cut short. */}
      <WatchButton event={event} className="relative z-10 shrink-0 max-sm:ml-[4.25rem]" />
      {event.buyable && (
        <span
          aria-hidden="true"
          className={buttonClass({ size: 'sm', className: 'hidden shrink-0 group-hover:bg-brand-700 md:inline-block' })}
        >
          See tickets
        </span>
      )}
    </article>
  );
}
