import { DAY_MS, drawDay, isoDate, timeOf, zonedToUtc } from './calendar.ts';
import type { DemoAttraction, DemoEvent, DemoVenue } from './model.ts';
import * as N from './names.ts';
import { drawPrice } from './prices.ts';
import type { Rng } from './rng.ts';
import { type Genre, SEGMENT_IDS } from './taxonomy.ts';

export type ScheduleSpec = {
  name: string;
  venue: DemoVenue;
  attractions: DemoAttraction[];
  genre?: Genre;
  months: readonly number[];
  nights: number;
  times: (dayOfWeek: number) => readonly [number, number];
  /** May the single event's date or time be TBA? */
  tba?: boolean;
  weekend?: boolean;
  skipMonday?: boolean;
  fixedDate?: string;
  status?: DemoEvent['statusCode'];
};

/**
 * A booking's events: consecutive nights from a drawn day, sharing name, venue, status,
 * prices and notes; a date-TBA booking is a single event. The lead act gives the
 * classification and the artwork; popularity follows the best-known act on the bill.
 */
export function schedule(rng: Rng, today: number, spec: ScheduleSpec): DemoEvent[] {
  const lead = spec.attractions[0];
  const genre = lead?.genre ?? spec.genre!;
  const subGenre = lead?.subGenre ?? rng.pick(genre.subGenres);
  const segment = genre.segment;
  const tz = spec.venue.place.timezone;
  const dateTba = spec.tba && !spec.fixedDate && rng.chance(0.025);
  const timeTba = spec.tba && !dateTba && rng.chance(0.03);
  let day = spec.fixedDate ? Date.parse(`${spec.fixedDate}T00:00:00Z`) : drawDay(rng, today, spec.months, spec.weekend);
  const past = day < today;
  const status = spec.status ?? drawStatus(rng, past, dateTba);
  const price = drawPrice(rng, segment, spec.venue, lead);
  const popularity = Math.max(
    1,
    Math.min(
      100,
      Math.round(
        (lead ? spec.attractions.reduce((m, a) => Math.max(m, a.popularity), 0) : 20) * (0.85 + rng.next() * 0.3),
      ),
    ),
  );
  const info = rng.chance(0.35) ? rng.pick(N.INFO_LINES) : null;
  const pleaseNote = rng.chance(0.25) ? rng.pick(N.PLEASE_NOTE_LINES) : null;
  // Festivals are named after the year they happen in.
  const name = spec.name.replace('{year}', String(new Date(day).getUTCFullYear()));
  const events: DemoEvent[] = [];
  for (let night = 0; night < spec.nights; night++) {
    if (night > 0) {
      day += DAY_MS;
      if (spec.skipMonday && new Date(day).getUTCDay() === 1) day += DAY_MS;
    }
    const dow = new Date(day).getUTCDay();
    const [h, m] = spec.times(dow);
    const localDate = dateTba ? null : isoDate(day);
    const localTime = dateTba || timeTba ? null : timeOf(h, m);
    // A known date without a time starts, for ordering and date windows, at the local day's start.
    const startsAt = localDate ? zonedToUtc(localDate, localTime ?? '00:00:00', tz) : null;
    events.push({
      id: '',
      name,
      localDate,
      localTime,
      startsAt,
      statusCode: status,
      segment,
      genre,
      subGenre,
      venue: spec.venue,
      attractions: spec.attractions,
      ...price,
      popularity,
      info,
      pleaseNote,
      imageTheme: SEGMENT_IDS[segment].theme,
      imageName: lead?.name ?? name,
    });
    if (dateTba) break;
  }
  return events;
}

function drawStatus(rng: Rng, past: boolean, dateTba: boolean | undefined): DemoEvent['statusCode'] {
  if (dateTba)
    return rng.weighted([
      ['onsale', 5],
      ['postponed', 4],
      ['offsale', 1],
    ] as const);
  if (past)
    return rng.weighted([
      ['offsale', 6],
      ['onsale', 3],
      ['cancelled', 1],
    ] as const);
  return rng.weighted([
    ['onsale', 89],
    ['offsale', 3],
    ['cancelled', 2.5],
    ['postponed', 2.5],
    ['rescheduled', 3],
  ] as const);
}
