import { AttractionRegistry, type Casting } from './attractions.ts';
import { Bookings } from './bookings.ts';
import { dayOf } from './calendar.ts';
import { DEFAULT_SEED, type DemoAttraction, type DemoEvent, type DemoOptions, type DemoVenue } from './model.ts';
import { addMusicians } from './music.ts';
import { createRng, WeightedTable } from './rng.ts';
import { addFamilyShowsAndTalks, addFilms, addStageActs, addTouringSports } from './shows.ts';
import { addTeams } from './teams.ts';
import { VenueMap } from './venues.ts';

export { zonedToUtc } from './calendar.ts';
export {
  type AttractionKind,
  DEFAULT_SEED,
  DEMO_SIZES,
  type DemoAttraction,
  type DemoEvent,
  type DemoOptions,
  type DemoSize,
  type DemoVenue,
  type VenueKind,
} from './model.ts';

/**
 * The demo catalogue as data: venues in real cities (venues.ts), fictional acts (music.ts,
 * teams.ts, shows.ts), and a stream of events (tour dates, games, theatre runs, festivals…,
 * bookings.ts) over the next twelve months, with some past and some TBA (schedule.ts), priced
 * by prices.ts. Pure and deterministic: the same options give the same rows, because every
 * part draws from its own fork of one seeded generator in a fixed order. Venues and
 * attractions are built up front (thousands); events are generated lazily in order, so a
 * million of them never sit in memory at once. rows.ts turns all of it into database rows.
 */
export class DemoCatalogue {
  readonly venues: DemoVenue[];
  readonly attractions: DemoAttraction[];
  readonly eventCount: number;
  readonly seed: number;
  readonly now: Date;

  private readonly venueMap: VenueMap;
  private readonly pools = new Map<string, WeightedTable<DemoAttraction>>();
  private readonly leagueTeams: Map<string, DemoAttraction[]>;
  private readonly today: number;

  constructor(options: DemoOptions) {
    if (!Number.isInteger(options.events) || options.events < 1) throw new Error('events must be a positive integer');
    this.eventCount = options.events;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.now = options.now ?? new Date();
    this.today = dayOf(this.now);
    const rng = createRng(this.seed);
    this.venueMap = new VenueMap(rng.fork('venues'), this.eventCount);
    this.venues = this.venueMap.venues;

    // The order below is part of the catalogue: each step draws from the same generator.
    const registry = new AttractionRegistry();
    const cast: Casting = {
      rng: rng.fork('attractions'),
      registry,
      venues: this.venueMap,
      eventCount: this.eventCount,
      today: this.today,
    };
    addMusicians(cast);
    this.leagueTeams = addTeams({ ...cast, rng: cast.rng.fork('teams') });
    addTouringSports(cast);
    addStageActs(cast);
    addFamilyShowsAndTalks(cast);
    addFilms(cast);
    this.attractions = registry.attractions;
    for (const [key, list] of registry.pools) this.pools.set(key, new WeightedTable(list, (a) => a.weight));
  }

  /** The events, in generation order; ids 'Ze1', 'Ze2', … */
  *events(): Generator<DemoEvent> {
    const rng = createRng(this.seed).fork('events');
    const table = new Bookings(this.venueMap, this.pools, this.leagueTeams, this.today).table(rng);
    let produced = 0;
    while (produced < this.eventCount) {
      const batch = table.draw(rng).make();
      for (const event of batch) {
        if (produced >= this.eventCount) return;
        produced++;
        event.id = `Ze${produced.toString(36)}`;
        yield event;
      }
    }
  }
}
