import { ALL_MONTHS } from './calendar.ts';
import type { DemoAttraction, DemoEvent, VenueKind } from './model.ts';
import * as N from './names.ts';
import { type Rng, WeightedTable } from './rng.ts';
import { schedule } from './schedule.ts';
import { GENRES, type Genre } from './taxonomy.ts';
import type { VenueMap } from './venues.ts';

/**
 * Bookings: what kind of thing happens, how often, and how each kind becomes events. A tour
 * date is one night (sometimes two or three) at a venue sized to the act; a theatre run is
 * up to sixteen performances; a game is at the home team's venue; a company plays its own
 * city; fairs and holiday lights need no act at all.
 */

export type Booking = { weight: number; make: () => DemoEvent[] };

export class Bookings {
  constructor(
    private readonly venues: VenueMap,
    private readonly pools: Map<string, WeightedTable<DemoAttraction>>,
    private readonly leagueTeams: Map<string, DemoAttraction[]>,
    private readonly today: number,
  ) {}

  /**
   * Each kind weighted by its share of the events divided by the events one booking makes,
   * so the shares hold for the events, not the bookings.
   */
  table(rng: Rng): WeightedTable<Booking> {
    const list: Booking[] = [];
    const add = (
      pool: string,
      share: number,
      avgEvents: number,
      make: (table: WeightedTable<DemoAttraction>) => DemoEvent[],
    ) => {
      const table = this.pools.get(pool);
      if (table && table.size > 0) list.push({ weight: share / avgEvents, make: () => make(table) });
    };
    add('music', 0.525, 1.15, (t) => this.tourDate(rng, t.draw(rng), t));
    add('music', 0.02, 1.5, (t) => this.festival(rng, t));
    if (this.leagueTeams.size > 0) {
      const teams = this.pools.get('team')!;
      list.push({ weight: 0.18, make: () => this.game(rng, teams.draw(rng)) });
    }
    add('touringSport', 0.015, 2, (t) => this.touringSport(rng, t.draw(rng)));
    add('boxer', 0.004, 1, (t) => this.fight(rng, t));
    add('show', 0.16 * 0.47, 9, (t) => this.run(rng, t.draw(rng)));
    add('comedian', 0.16 * 0.25, 1.4, (t) => this.comedyNight(rng, t.draw(rng)));
    add('company', 0.16 * 0.18, 3, (t) => this.companyProgram(rng, t.draw(rng)));
    add('magician', 0.16 * 0.03, 2, (t) => this.weekendRun(rng, t.draw(rng), ['theatre'], 1, 3));
    add('circus', 0.16 * 0.04, 6, (t) => this.weekendRun(rng, t.draw(rng), ['arena', 'amphitheatre'], 4, 8));
    add('childrensTheatre', 0.16 * 0.03, 4, (t) => this.weekendRun(rng, t.draw(rng), ['theatre'], 2, 6));
    add('familyShow', 0.06 * 0.3, 5, (t) => this.weekendRun(rng, t.draw(rng), ['arena', 'theatre'], 3, 7));
    add('iceShow', 0.06 * 0.2, 6, (t) => this.weekendRun(rng, t.draw(rng), ['arena'], 4, 8));
    add('speaker', 0.06 * 0.1, 1, (t) => this.single(rng, t.draw(rng), ['theatre'], `An Evening with `));
    list.push({ weight: (0.06 * 0.4) / 2.5, make: () => this.localHappening(rng) });
    add('film', 0.03, 2, (t) => this.screening(rng, t.draw(rng)));
    return new WeightedTable(list, (b) => b.weight);
  }

  // Booking makers. Each returns one or more events sharing a name, venue and classification.

  private tourDate(rng: Rng, artist: DemoAttraction, pool: WeightedTable<DemoAttraction>): DemoEvent[] {
    const kinds: VenueKind[] =
      artist.popularity >= 55
        ? ['arena', 'arena', 'amphitheatre', 'stadium']
        : artist.popularity >= 30
          ? ['theatre', 'amphitheatre', 'arena', 'theatre']
          : artist.genre === GENRES.classical || artist.genre === GENRES.jazz
            ? ['theatre', 'club']
            : ['club', 'club', 'theatre'];
    const venue = this.venues.venueFor(rng, kinds);
    const attractions = [artist];
    let name = artist.tourName && rng.chance(0.75) ? `${artist.name}: ${artist.tourName}` : artist.name;
    if (rng.chance(0.15)) {
      const support = pool.draw(rng);
      if (support !== artist && support.popularity <= artist.popularity) {
        attractions.push(support);
        name = `${name} with ${support.name}`;
      }
    }
    const nights = artist.popularity >= 45 && rng.chance(0.12) ? rng.int(2, 3) : 1;
    const months = venue.kind === 'amphitheatre' ? [5, 6, 7, 8, 9, 10] : ALL_MONTHS;
    const hour = rng.weighted([
      [[19, 0], 2],
      [[19, 30], 3],
      [[20, 0], 4],
      [[21, 0], 1],
    ] as const);
    return schedule(rng, this.today, { name, venue, attractions, months, nights, tba: true, times: () => hour });
  }

  private festival(rng: Rng, pool: WeightedTable<DemoAttraction>): DemoEvent[] {
    const venue = this.venues.venueFor(rng, ['amphitheatre', 'stadium', 'ballpark']);
    const lineup = new Set<DemoAttraction>();
    const size = rng.int(4, 8);
    for (let i = 0; i < size * 3 && lineup.size < size; i++) lineup.add(pool.draw(rng));
    const attractions = [...lineup].sort((a, b) => b.popularity - a.popularity);
    const name = `${venue.place.city} ${rng.pick(N.FESTIVAL_WORDS)} Festival {year}`;
    return schedule(rng, this.today, {
      name,
      venue,
      attractions,
      months: [5, 6, 7, 8, 9],
      nights: rng.int(1, 3),
      times: () => [rng.pick([12, 13, 14]), 0],
      weekend: true,
    });
  }

  private game(rng: Rng, home: DemoAttraction): DemoEvent[] {
    const league = home.league!;
    const teams = this.leagueTeams.get(league.key);
    const venue = home.homeVenue!;
    if (!teams) return [];
    let away = rng.pick(teams);
    for (let i = 0; i < 5 && away === home; i++) away = rng.pick(teams);
    if (away === home) return [];
    const times: (readonly [number, number])[] =
      league.genre === 'football'
        ? [
            [13, 0],
            [16, 25],
            [20, 20],
            [12, 0],
            [15, 30],
          ]
        : league.genre === 'baseball'
          ? [
              [19, 5],
              [18, 40],
              [13, 5],
              [19, 10],
            ]
          : league.genre === 'soccer'
            ? [
                [19, 30],
                [15, 0],
                [17, 30],
              ]
            : [
                [19, 0],
                [19, 30],
                [18, 0],
                [13, 0],
              ];
    return schedule(rng, this.today, {
      name: `${home.name} vs. ${away.name}`,
      venue,
      attractions: [home, away],
      months: league.months,
      nights: 1,
      tba: true,
      times: () => rng.pick(times),
      weekend: league.genre === 'football',
    });
  }

  private touringSport(rng: Rng, show: DemoAttraction): DemoEvent[] {
    const venue = this.venues.venueFor(rng, show.genre === GENRES.motorsports ? ['stadium', 'arena'] : ['arena']);
    return schedule(rng, this.today, {
      name:
        show.genre === GENRES.wrestling
          ? `${show.name}: ${rng.pick(['Night of Champions', 'Uprising', 'Showdown', 'Live'])}`
          : show.name,
      venue,
      attractions: [show],
      months: ALL_MONTHS,
      nights: rng.int(1, 2),
      times: () => [19, rng.pick([0, 30])],
      weekend: true,
    });
  }

  private fight(rng: Rng, pool: WeightedTable<DemoAttraction>): DemoEvent[] {
    const a = pool.draw(rng);
    const b = pool.draw(rng);
    if (a === b) return [];
    return schedule(rng, this.today, {
      name: `${a.name} vs. ${b.name}`,
      venue: this.venues.venueFor(rng, ['arena']),
      attractions: [a, b],
      months: ALL_MONTHS,
      nights: 1,
      tba: true,
      times: () => [20, 0],
      weekend: true,
    });
  }

  private run(rng: Rng, show: DemoAttraction): DemoEvent[] {
    const venue = this.venues.venueFor(rng, ['theatre']);
    const performances = rng.int(4, 16);
    return schedule(rng, this.today, {
      name: show.name,
      venue,
      attractions: [show],
      months: ALL_MONTHS,
      nights: performances,
      skipMonday: true,
      times: (dow) =>
        dow === 6
          ? rng.pick([
              [14, 0],
              [20, 0],
            ] as const)
          : dow === 0
            ? rng.pick([
                [13, 0],
                [18, 30],
              ] as const)
            : [19, 30],
    });
  }

  private comedyNight(rng: Rng, comedian: DemoAttraction): DemoEvent[] {
    const venue = this.venues.venueFor(
      rng,
      comedian.popularity >= 40 ? ['theatre', 'theatre', 'arena'] : ['comedy', 'comedy', 'theatre'],
    );
    const name = comedian.tourName ? `${comedian.name}: ${comedian.tourName}` : comedian.name;
    const shows = rng.chance(0.35) ? 2 : 1;
    const events = schedule(rng, this.today, {
      name,
      venue,
      attractions: [comedian],
      months: ALL_MONTHS,
      nights: 1,
      tba: true,
      times: () => [19, 0],
    });
    if (shows === 2 && events[0]?.localDate) {
      const late = schedule(rng, this.today, {
        name,
        venue,
        attractions: [comedian],
        months: ALL_MONTHS,
        nights: 1,
        times: () => [21, 30],
        fixedDate: events[0].localDate,
        status: events[0].statusCode,
      });
      events.push(...late);
    }
    return events;
  }

  private companyProgram(rng: Rng, company: DemoAttraction): DemoEvent[] {
    const home = company.homeVenue!;
    const venue = this.venues.venueInCity(rng, home.place, ['theatre']) ?? home;
    const work =
      company.genre === GENRES.opera
        ? rng.pick(N.OPERA_TITLES)
        : company.genre === GENRES.dance
          ? rng.pick(N.BALLET_TITLES)
          : rng.pick(N.ORCHESTRA_PROGRAMS);
    const holiday = work === 'The Nutcracker' || work === 'Handel’s Messiah';
    return schedule(rng, this.today, {
      name: `${company.name}: ${work}`,
      venue,
      attractions: [company],
      months: holiday ? [11, 12] : [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      nights: rng.int(1, holiday ? 8 : 4),
      times: (dow) => (dow === 0 ? [14, 0] : [19, 30]),
    });
  }

  private weekendRun(rng: Rng, show: DemoAttraction, kinds: VenueKind[], min: number, max: number): DemoEvent[] {
    const venue = this.venues.venueFor(rng, kinds);
    return schedule(rng, this.today, {
      name: show.name,
      venue,
      attractions: [show],
      months: show.genre === GENRES.iceShows ? [10, 11, 12, 1, 2, 3] : ALL_MONTHS,
      nights: rng.int(min, max),
      weekend: true,
      times: (dow) =>
        dow === 5
          ? [19, 0]
          : rng.pick([
              [11, 0],
              [15, 0],
              [19, 0],
            ] as const),
    });
  }

  private single(rng: Rng, attraction: DemoAttraction, kinds: VenueKind[], prefix: string): DemoEvent[] {
    return schedule(rng, this.today, {
      name: `${prefix}${attraction.name}`,
      venue: this.venues.venueFor(rng, kinds),
      attractions: [attraction],
      months: ALL_MONTHS,
      nights: 1,
      tba: true,
      times: () => [19, 30],
    });
  }

  /** Fairs, expos, food festivals and holiday lights: local, often without an attraction. */
  private localHappening(rng: Rng): DemoEvent[] {
    const kind = rng.weighted([
      ['expo', 4],
      ['fair', 2],
      ['food', 2],
      ['holiday', 1],
    ] as const);
    const venue = this.venues.venueFor(
      rng,
      kind === 'holiday'
        ? ['ballpark', 'stadium', 'amphitheatre']
        : kind === 'food'
          ? ['convention', 'amphitheatre']
          : ['convention'],
    );
    const city = venue.place.city;
    const [genre, name, months]: [Genre, string, number[]] =
      kind === 'expo'
        ? [GENRES.expos, `${city} ${rng.pick(N.EXPO_KINDS)}`, ALL_MONTHS]
        : kind === 'fair'
          ? [
              GENRES.fairs,
              `${city} ${rng.pick(['Summer Fair', 'County Fair', 'Spring Festival', 'Harvest Festival', 'Street Fair'])}`,
              [4, 5, 6, 7, 8, 9, 10],
            ]
          : kind === 'food'
            ? [GENRES.foodDrink, `${city} ${rng.pick(N.FOOD_KINDS)} {year}`, ALL_MONTHS]
            : [
                GENRES.holiday,
                `${rng.pick(['Holiday Lights', 'Winter Wonderland', 'Festival of Lights'])} at ${venue.name}`,
                [11, 12],
              ];
    return schedule(rng, this.today, {
      name,
      venue,
      attractions: [],
      genre,
      months,
      nights: kind === 'holiday' ? rng.int(6, 14) : rng.int(1, 3),
      times: () => (kind === 'holiday' ? [17, 30] : [rng.pick([9, 10, 11]), 0]),
    });
  }

  private screening(rng: Rng, film: DemoAttraction): DemoEvent[] {
    const inConcert = film.genre === GENRES.filmMusic;
    const venue = this.venues.venueFor(rng, inConcert ? ['theatre', 'arena', 'amphitheatre'] : ['cinema']);
    return schedule(rng, this.today, {
      name: inConcert ? `${film.name} in Concert` : film.name,
      venue,
      attractions: [film],
      months: ALL_MONTHS,
      nights: inConcert ? rng.int(1, 2) : rng.int(1, 3),
      times: () =>
        inConcert
          ? [19, 30]
          : rng.pick([
              [18, 0],
              [20, 30],
              [22, 0],
            ] as const),
    });
  }
}
