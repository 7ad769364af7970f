import type { EventGridCardView, EventRowView } from '~/lib/views';
import { CatalogueImage } from './catalogue-image';
import { WatchButton } from './tracking/watch-button';
import { buttonClass } from './ui/button';
import { CardThumbnail } from './ui/card-thumbnail';
import { PageLink } from './ui/page-link';
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
          <PageLink to={event.href}>{event.name}</PageLink>
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

/**
 * A list row: date tile, thumbnail, name, time and venue, status, price and a call to action.
 * Styled by `.event-row` in app.css: an artist page lists twenty (ADR 0042, amended).
 */
export function EventRow({ event }: { event: EventRowView }) {
  return (
    <article className="event-row group">
      <div className={event.tile ? 'tile' : 'tile tba'}>
        {event.tile ? (
          <>
            <span className="month">{event.tile.month}</span>
            <span className="day">{event.tile.day}</span>
            <span className="year">{event.tile.year ?? event.tile.weekday}</span>
          </>
        ) : (
          <span className="when">{event.when}</span>
        )}
      </div>
      <CardThumbnail image={event.thumb} name={event.name} shape="event-large" className="max-sm:hidden" />
      <div className="text">
        <h3>
          <PageLink to={event.href}>{event.name}</PageLink>
        </h3>
        {event.line && <p className="line">{event.line}</p>}
        <div className="kind">
          <StatusBadge status={event.status} />
          {event.price && <span className="price">{event.price}</span>}
        </div>
      </div>
      {/* Phones: on a line of its own under the text, so the venue is not cut short. */}
      <WatchButton event={event} className="watch" />
      {event.buyable && (
        <span aria-hidden="true" className={buttonClass({ size: 'sm', className: 'cta' })}>
          See tickets
        </span>
      )}
    </article>
  );
}
