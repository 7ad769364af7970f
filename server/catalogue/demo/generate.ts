import type { CountryCode } from '../../../contracts/enums.ts';
import type { PriceRange } from '../../db/schema.ts';
import type { ImageTheme } from '../images.ts';
import { largestCities, type Place, postalCodeNear } from '../places.ts';
import * as N from './names.ts';
import { createRng, type Rng, WeightedTable } from './rng.ts';
import { GENRES, type Genre, type GenreKey, SEGMENT_IDS, type SegmentKey, type SubGenre } from './taxonomy.ts';

/**
 * The demo catalogue as data: venues in real cities, fictional acts, teams and shows, and a
 * stream of events (tour dates, games, theatre runs, festivals…) over the next twelve months,
 * with some past and some TBA. Pure and deterministic: the same options give the same rows.
 * Venues and attractions are built up front (thousands); events are generated lazily in
 * order, so a million of them never sit in memory at once.
 */

export const DEMO_SIZES = { small: 20_000, medium: 100_000, large: 1_000_000 } as const;
export type DemoSize = keyof typeof DEMO_SIZES;
export const DEFAULT_SEED = 20_240_601;

export type DemoOptions = {
  /** Number of events to generate. */
  events: number;
  seed?: number;
  /** "Now" the dates are relative to (tests pass a fixed instant). */
  now?: Date;
};

export type VenueKind =
  | 'stadium'
  | 'ballpark'
  | 'arena'
  | 'amphitheatre'
  | 'theatre'
  | 'club'
  | 'comedy'
  | 'convention'
  | 'cinema';

export type DemoVenue = {
  id: string;
  name: string;
  kind: VenueKind;
  /** 1 club … 4 stadium: drives which acts play there and ticket prices. */
  tier: 1 | 2 | 3 | 4;
  place: Place;
  address: string;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  weight: number;
};

export type AttractionKind =
  | 'artist'
  | 'team'
  | 'touringSport'
  | 'show'
  | 'comedian'
  | 'company'
  | 'magician'
  | 'circus'
  | 'familyShow'
  | 'iceShow'
  | 'speaker'
  | 'film';

export type DemoAttraction = {
  id: string;
  name: string;
  kind: AttractionKind;
  segment: SegmentKey;
  genre: Genre;
  subGenre: SubGenre;
  /** 0 to 100 (schema: blended with text relevance in search). */
  popularity: number;
  /** Relative number of bookings. */
  weight: number;
  description: string | null;
  tourName: string | null;
  /** Teams: home venue and league; companies: home city venue. */
  homeVenue: DemoVenue | null;
  league: League | null;
};

export type DemoEvent = {
  id: string;
  name: string;
  localDate: string | null;
  localTime: string | null;
  startsAt: Date | null;
  statusCode: 'onsale' | 'offsale' | 'cancelled' | 'postponed' | 'rescheduled';
  segment: SegmentKey;
  genre: Genre;
  subGenre: SubGenre;
  venue: DemoVenue;
  attractions: DemoAttraction[];
  priceRanges: PriceRange[];
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  popularity: number;
  info: string | null;
  pleaseNote: string | null;
  /** The artwork the event shows: its headliner's, else its own. */
  imageTheme: ImageTheme;
  imageName: string;
};

type League = {
  key: string;
  genre: GenreKey;
  sub: string;
  teams: number;
  venueKinds: VenueKind[];
  countries: CountryCode[];
  homeGames: number;
  months: number[];
  naming: 'mascot' | 'college' | 'club';
  popularity: [number, number];
};

// ─── Shares ──────────────────────────────────────────────────────────────────

/** Where events happen: mostly the US, the rest in the other SPEC §3 countries. */
const COUNTRY_SHARES: readonly [CountryCode, number][] = [
  ['US', 0.8],
  ['GB', 0.045],
  ['CA', 0.04],
  ['AU', 0.025],
  ['DE', 0.02],
  ['FR', 0.015],
  ['ES', 0.012],
  ['IT', 0.012],
  ['JP', 0.012],
  ['AT', 0.006],
  ['AR', 0.006],
  ['AD', 0.0015],
  ['AI', 0.0015],
];

const MUSIC_GENRES: readonly [GenreKey, number][] = [
  ['rock', 16],
  ['pop', 15],
  ['hipHop', 12],
  ['country', 10],
  ['alternative', 8],
  ['electronic', 7],
  ['rnb', 6],
  ['latin', 6],
  ['jazz', 4],
  ['metal', 4],
  ['folk', 3],
  ['classical', 3],
  ['blues', 2],
  ['reggae', 1.5],
  ['world', 1],
  ['religious', 1],
  ['childrensMusic', 0.7],
  ['holidayMusic', 0.5],
];

const TIER: Record<VenueKind, 1 | 2 | 3 | 4> = {
  stadium: 4,
  ballpark: 4,
  arena: 3,
  amphitheatre: 3,
  theatre: 2,
  convention: 2,
  club: 1,
  comedy: 1,
  cinema: 1,
};

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

// ─── Dates and times ─────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const offsetCache = new Map<string, number>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC around midday of a date (events start after any DST switch). */
function zoneOffsetMinutes(timezone: string, date: string): number {
  const key = `${timezone}|${date}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timezone, format);
  }
  const noon = Date.parse(`${date}T12:00:00Z`);
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(noon)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = Math.round((asUtc - noon) / 60_000);
  offsetCache.set(key, offset);
  return offset;
}

/** The UTC instant of a local date and time in an IANA zone. */
export function zonedToUtc(date: string, time: string, timezone: string): Date {
  return new Date(Date.parse(`${date}T${time}Z`) - zoneOffsetMinutes(timezone, date) * 60_000);
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');
const timeOf = (h: number, m: number) => `${pad(h)}:${pad(m)}:00`;

// ─── The catalogue ───────────────────────────────────────────────────────────

type Booking = { weight: number; make: () => DemoEvent[] };

export class DemoCatalogue {
  readonly venues: DemoVenue[] = [];
  readonly attractions: DemoAttraction[] = [];
  readonly eventCount: number;
  readonly seed: number;
  readonly now: Date;

  private readonly names = new Set<string>();
  private readonly venuesByCountryKind = new Map<string, WeightedTable<DemoVenue>>();
  private readonly venuesByCityKind = new Map<string, DemoVenue[]>();
  private readonly pools = new Map<string, WeightedTable<DemoAttraction>>();
  private readonly countryTable: WeightedTable<readonly [CountryCode, number]>;
  private readonly today: number;

  constructor(options: DemoOptions) {
    if (!Number.isInteger(options.events) || options.events < 1) throw new Error('events must be a positive integer');
    this.eventCount = options.events;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.now = options.now ?? new Date();
    this.today = Date.UTC(this.now.getUTCFullYear(), this.now.getUTCMonth(), this.now.getUTCDate());
    this.countryTable = new WeightedTable(COUNTRY_SHARES, ([, w]) => w);
    const rng = createRng(this.seed);
    this.buildVenues(rng.fork('venues'));
    this.buildAttractions(rng.fork('attractions'));
  }

  // ── Venues ──

  private buildVenues(rng: Rng) {
    const total = Math.round(Math.max(60, Math.min(15_000, this.eventCount / 20)));
    let serial = 0;
    for (const [country, share] of COUNTRY_SHARES) {
      const count = Math.max(country === 'US' ? 40 : 3, Math.round(total * share));
      const cityCount =
        country === 'US'
          ? Math.max(25, Math.min(600, Math.round(count / 6)))
          : Math.max(1, Math.min(40, Math.round(count / 5)));
      const cities = largestCities(country, cityCount);
      if (cities.length === 0) continue;
      const weights = cities.map((c) => c.population ** 0.7);
      const sum = weights.reduce((a, b) => a + b, 0);
      // Every city gets one venue; the rest follow population.
      const perCity = cities.map((_, i) => 1 + Math.floor(((count - cities.length) * (weights[i] as number)) / sum));
      cities.forEach((city, i) => {
        const taken = new Set<string>();
        for (let k = 0; k < (perCity[i] as number); k++) {
          const kind = this.venueKind(rng, city, k);
          const name = this.venueName(rng, city, kind, taken);
          taken.add(name);
          serial++;
          this.venues.push(this.makeVenue(rng, `Zv${serial.toString(36)}`, name, kind, city));
        }
      });
    }
    const byCountryKind = new Map<string, DemoVenue[]>();
    for (const v of this.venues) {
      const key = `${v.place.countryCode}|${v.kind}`;
      byCountryKind.set(key, [...(byCountryKind.get(key) ?? []), v]);
      const cityKey = `${v.place.countryCode}|${v.place.stateCode}|${v.place.city}|${v.kind}`;
      const list = this.venuesByCityKind.get(cityKey);
      if (list) list.push(v);
      else this.venuesByCityKind.set(cityKey, [v]);
    }
    for (const [key, list] of byCountryKind)
      this.venuesByCountryKind.set(key, new WeightedTable(list, (v) => v.weight));
  }

  private venueKind(rng: Rng, city: Place, index: number): VenueKind {
    const pop = city.population;
    // The first venues of a big city are its landmarks; the rest are drawn.
    if (pop > 1_000_000 && index < 4) return (['arena', 'stadium', 'theatre', 'ballpark'] as const)[index]!;
    if (pop > 300_000 && index < 3) return (['arena', 'theatre', 'stadium'] as const)[index]!;
    if (index === 0) return pop > 120_000 ? 'theatre' : 'club';
    return rng.weighted<VenueKind>([
      ['club', 30],
      ['theatre', 20],
      ['comedy', 8],
      ['cinema', 5],
      ['convention', pop > 100_000 ? 5 : 1],
      ['arena', pop > 150_000 ? 8 : 2],
      ['amphitheatre', pop > 200_000 ? 6 : 1],
      ['stadium', pop > 500_000 ? 3 : 0.3],
      ['ballpark', pop > 300_000 ? 2 : 0.3],
    ]);
  }

  private venueName(rng: Rng, city: Place, kind: VenueKind, taken: Set<string>): string {
    const c = city.city;
    const lang = city.countryCode;
    for (let attempt = 0; attempt < 12; attempt++) {
      const brand = rng.pick(N.BRANDS);
      const theatre = rng.pick(N.THEATRE_NAMES);
      const word = rng.pick(N.CLUB_WORDS);
      let name: string;
      switch (kind) {
        case 'stadium':
          name = rng.weighted([
            [`${brand} Stadium`, 3],
            [`${c} Stadium`, 1],
            [`${brand} Field`, 2],
          ]);
          break;
        case 'ballpark':
          name = rng.weighted([
            [`${brand} Park`, 3],
            [`${brand} Field`, 2],
            [`${c} Ballpark`, 1],
          ]);
          break;
        case 'arena':
          name = rng.weighted([
            [`${brand} Arena`, 4],
            [`${brand} Center`, 3],
            [`${c} Coliseum`, 1],
            [`${c} Arena`, 1],
            [`${brand} Garden`, 1],
          ]);
          break;
        case 'amphitheatre':
          name = rng.weighted([
            [`${brand} Amphitheatre`, 3],
            [`${brand} Pavilion`, 2],
            [`${brand} Music Center`, 1],
            [`${c} Amphitheater`, 1],
          ]);
          break;
        case 'theatre':
          if (lang === 'ES' || lang === 'IT' || lang === 'AR') name = `Teatro ${theatre}`;
          else if (lang === 'FR') name = `Théâtre ${theatre}`;
          else if (lang === 'DE' || lang === 'AT') name = `${theatre} Theater`;
          else
            name = rng.weighted([
              [`The ${theatre} Theatre`, 4],
              [`${theatre} Theater`, 3],
              [`${c} Opera House`, 1],
              [`${brand} Performing Arts Center`, 2],
              [`${c} Symphony Hall`, 1],
              [`${theatre} Music Hall`, 1],
            ]);
          break;
        case 'club':
          name = rng.weighted([
            [`The ${word} ${rng.pick(N.CLUB_NOUNS)}`, 4],
            [`${word} ${rng.pick(N.CLUB_NOUNS)}`, 3],
            [`${rng.pick(N.FIRST_NAMES)}'s`, 1],
            [`The ${word}`, 2],
          ]);
          break;
        case 'comedy':
          name = rng.weighted([
            [`${c} Comedy Club`, 1],
            [`The Laugh ${rng.pick(N.CLUB_NOUNS)}`, 2],
            [`${word} Comedy Lounge`, 2],
            [`The Punchline ${rng.pick(N.CLUB_NOUNS)}`, 1],
          ]);
          break;
        case 'convention':
          name = rng.weighted([
            [`${c} Convention Center`, 3],
            [`${c} Expo Center`, 2],
            [`${c} Fairgrounds`, 1],
            [`${brand} Exhibition Hall`, 2],
          ]);
          break;
        case 'cinema':
          name = rng.weighted([
            [`The ${theatre} Cinema`, 2],
            [`${word} Film Center`, 2],
            [`${c} Film House`, 1],
          ]);
          break;
      }
      if (!taken.has(name)) return name;
    }
    return `${kind === 'club' ? 'The' : c} ${rng.pick(N.CLUB_WORDS)} ${rng.pick(N.CLUB_NOUNS)} ${taken.size + 1}`;
  }

  private makeVenue(rng: Rng, id: string, name: string, kind: VenueKind, city: Place): DemoVenue {
    // Venues cluster downtown and thin out towards the edge of the built-up area, whose
    // radius follows the population (about 2,500 people per km², at most 12 km out).
    const reach = Math.min(12, Math.max(1.5, Math.sqrt(city.population / (Math.PI * 2500)) * 0.45));
    const distance = reach * rng.next() ** 1.5;
    const angle = rng.next() * 2 * Math.PI;
    const latitude = round5(city.latitude + (distance / 111.2) * Math.cos(angle));
    const longitude = round5(
      city.longitude + (distance / (111.2 * Math.cos((city.latitude * Math.PI) / 180))) * Math.sin(angle),
    );
    return {
      id,
      name,
      kind,
      tier: TIER[kind],
      place: city,
      address: this.address(rng, city.countryCode),
      postalCode: postalCodeNear(city, latitude, longitude),
      latitude,
      longitude,
      weight: city.population ** 0.4 * (0.5 + rng.next()),
    };
  }

  private address(rng: Rng, country: CountryCode): string {
    const n = (max: number) => rng.int(1, max);
    switch (country) {
      case 'GB':
        return `${n(240)} ${rng.pick(N.UK_STREETS)}`;
      case 'DE':
      case 'AT':
        return `${rng.pick(N.DE_STREETS)} ${n(120)}`;
      case 'FR':
        return `${n(150)} ${rng.pick(N.FR_STREETS)}`;
      case 'ES':
      case 'AD':
        return `${rng.pick(N.ES_STREETS)}, ${n(180)}`;
      case 'IT':
        return `${rng.pick(N.IT_STREETS)}, ${n(180)}`;
      case 'AR':
        return `${rng.pick(N.AR_STREETS)} ${rng.int(100, 4000)}`;
      case 'JP':
        return `${n(5)}-${n(20)}-${n(30)} ${rng.pick(N.JP_DISTRICTS)}`;
      default:
        return `${rng.int(1, 2999)} ${rng.pick(N.STREETS)} ${rng.pick(N.STREET_SUFFIXES)}`;
    }
  }

  /** A venue of one of `kinds`, in a country drawn by the SPEC §3 shares. */
  private venueFor(rng: Rng, kinds: readonly VenueKind[], countries?: readonly CountryCode[]): DemoVenue {
    for (let attempt = 0; attempt < 6; attempt++) {
      const country =
        countries && countries.length > 0 ? rng.pick(countries) : (this.countryTable.draw(rng)[0] as CountryCode);
      const kind = rng.pick(kinds);
      const table = this.venuesByCountryKind.get(`${country}|${kind}`);
      if (table) return table.draw(rng);
    }
    for (const kind of kinds) {
      const table = this.venuesByCountryKind.get(`US|${kind}`);
      if (table) return table.draw(rng);
    }
    return this.venues[Math.floor(rng.next() * this.venues.length)] as DemoVenue;
  }

  private venueInCity(rng: Rng, place: Place, kinds: readonly VenueKind[]): DemoVenue | undefined {
    for (const kind of kinds) {
      const list = this.venuesByCityKind.get(`${place.countryCode}|${place.stateCode}|${place.city}|${kind}`);
      if (list && list.length > 0) return rng.pick(list);
    }
    return undefined;
  }

  // ── Attractions ──

  private uniqueName(rng: Rng, make: () => string, fallback: () => string): string {
    for (let attempt = 0; attempt < 20; attempt++) {
      const name = make();
      if (!this.names.has(name)) {
        this.names.add(name);
        return name;
      }
    }
    for (let attempt = 0; ; attempt++) {
      const name = attempt < 50 ? fallback() : `${fallback()} ${rng.int(2, 99)}`;
      if (!this.names.has(name)) {
        this.names.add(name);
        return name;
      }
    }
  }

  private addAttraction(
    pool: string,
    fields: Omit<
      DemoAttraction,
      'id' | 'popularity' | 'weight' | 'segment' | 'subGenre' | 'tourName' | 'homeVenue' | 'league'
    > &
      Partial<Pick<DemoAttraction, 'subGenre' | 'tourName' | 'homeVenue' | 'league' | 'popularity' | 'weight'>>,
    rank: number,
    rng: Rng,
  ): DemoAttraction {
    // Popularity is skewed: a few stars, a long tail (rank 0 ≈ 100, rank 100 ≈ 27, rank 1000 ≈ 14).
    const popularity =
      fields.popularity ?? Math.max(1, Math.min(100, Math.round(100 * (rank + 1) ** -0.28 + (rng.next() - 0.5) * 6)));
    const attraction: DemoAttraction = {
      id: `Za${(this.attractions.length + 1).toString(36)}`,
      segment: fields.genre.segment,
      subGenre: fields.subGenre ?? rng.pick(fields.genre.subGenres),
      tourName: null,
      homeVenue: null,
      league: null,
      ...fields,
      popularity,
      weight: fields.weight ?? (rank + 1) ** -0.5,
    };
    this.attractions.push(attraction);
    const list = this.poolLists.get(pool);
    if (list) list.push(attraction);
    else this.poolLists.set(pool, [attraction]);
    return attraction;
  }

  private readonly poolLists = new Map<string, DemoAttraction[]>();

  private buildAttractions(rng: Rng) {
    const e = this.eventCount;
    const scale = (share: number, perAttraction: number, min: number) =>
      Math.max(min, Math.round((e * share) / perAttraction));

    // Music: bands, solo artists, DJs, ensembles.
    const musicCount = scale(0.55, 7.5, 30);
    const genreTable = new WeightedTable(MUSIC_GENRES, ([, w]) => w);
    for (let i = 0; i < musicCount; i++) {
      const genre = GENRES[genreTable.draw(rng)[0]] as Genre;
      const subGenre = rng.pick(genre.subGenres);
      const name = this.uniqueName(
        rng,
        () => this.musicName(rng, genre),
        () => this.bandName(rng, 5),
      );
      const a = this.addAttraction('music', { name, kind: 'artist', genre, subGenre, description: null }, i, rng);
      if (a.popularity >= 18 && rng.chance(0.6)) {
        const words = rng.pick(N.TOUR_WORDS);
        a.tourName = rng.weighted([
          [`The ${words} Tour`, 3],
          [`${words} Tour`, 3],
          [`${words} World Tour`, 1],
          [`${words} Tour ${new Date(this.today).getUTCFullYear() + (rng.chance(0.3) ? 1 : 0)}`, 1],
        ]);
      }
      a.description = rng.chance(0.6) ? this.musicDescription(rng, a) : null;
    }

    this.buildTeams(rng.fork('teams'));

    // Touring sports attractions.
    const touring: [GenreKey, string[]][] = [
      [
        'wrestling',
        ['Titan Championship Wrestling', 'Apex Pro Wrestling', 'Iron Ring Wrestling', 'Summit Wrestling Alliance'],
      ],
      ['motorsports', ['Monster Truck Mayhem', 'Arena Supercross Series', 'Nitro Thunder Tour', 'Stadium Dirt Kings']],
      ['rodeo', ['Pro Bull Riders Tour', 'Frontier Rodeo Finals', 'Champions Rodeo Series']],
    ];
    let rank = 0;
    for (const [genreKey, names] of touring) {
      for (const name of names) {
        if (this.names.has(name)) continue;
        this.names.add(name);
        const genre = GENRES[genreKey] as Genre;
        this.addAttraction(
          'touringSport',
          {
            name,
            kind: 'touringSport',
            genre,
            description: rng.chance(0.7)
              ? `${name} brings ${genre.name.toLowerCase()} action to arenas and stadiums across the country, with ${rng.pick(['high-flying stunts', 'fan meet-and-greets', 'pre-show pit parties', 'championship stakes'])}.`
              : null,
          },
          rank++,
          rng,
        );
      }
    }
    for (let i = 0; i < scale(0.004, 3, 4); i++) {
      const name = this.uniqueName(
        rng,
        () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
        () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(['Kid', 'Iron', 'Flash', 'Hammer'])} ${rng.pick(N.LAST_NAMES)}`,
      );
      this.addAttraction(
        'boxer',
        {
          name,
          kind: 'touringSport',
          genre: GENRES.boxing,
          description: rng.chance(0.5)
            ? `${name} is a professional boxer fighting out of ${rng.pick(this.homeTowns.us).city}.`
            : null,
        },
        i,
        rng,
      );
    }

    // Arts & Theatre.
    const showCount = scale(0.16 * 0.42, 24, 8);
    for (let i = 0; i < showCount; i++) {
      const musical = rng.chance(0.6);
      const name = this.uniqueName(
        rng,
        () =>
          musical
            ? rng.weighted([
                [rng.pick(N.MUSICAL_TITLES), 3],
                [`${rng.pick(N.SINGULAR_NOUNS)}: The Musical`, 2],
                [`The ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)}`, 3],
              ])
            : rng.weighted([
                [rng.pick(N.PLAY_TITLES), 3],
                [`The ${rng.pick(N.SINGULAR_NOUNS)} at ${rng.pick(N.STREETS)} Street`, 2],
                [`${rng.pick(N.ADJECTIVES)} Hours`, 1],
              ]),
        () => `The ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)} of ${rng.pick(N.STREETS)} Street`,
      );
      const genre = GENRES.theatre;
      const subName = musical ? 'Musical' : rng.pick(['Drama', 'Comedy', 'Play']);
      const subGenre = genre.subGenres.find((s) => s.name === subName)!;
      const a = this.addAttraction('show', { name, kind: 'show', genre, subGenre, description: null }, i, rng);
      a.description = rng.chance(0.7) ? this.showDescription(rng, a, musical) : null;
    }

    const comedianCount = scale(0.16 * 0.25, 6, 6);
    for (let i = 0; i < comedianCount; i++) {
      const name = this.uniqueName(
        rng,
        () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
        () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}-${rng.pick(N.LAST_NAMES)}`,
      );
      const genre = GENRES.comedy;
      const a = this.addAttraction('comedian', { name, kind: 'comedian', genre, description: null }, i, rng);
      if (rng.chance(0.6)) a.tourName = `${rng.pick(N.COMEDY_TOUR_WORDS)} Tour`;
      a.description = rng.chance(0.6)
        ? `${name} is a stand-up comedian whose ${rng.pick(['deadpan storytelling', 'rapid-fire observations', 'unfiltered takes on family life', 'sharp crowd work', 'absurdist one-liners'])} ${rng.pick(['sell out clubs night after night', 'have made them a festival favourite', 'keep audiences howling'])}.`
        : null;
    }

    // City companies: orchestras, ballet, opera, dance.
    const companyCount = scale(0.16 * 0.18, 10, 6);
    const companyCities = this.citiesWith('theatre');
    for (let i = 0; i < companyCount && companyCities.length > 0; i++) {
      const home = rng.pick(companyCities);
      const place = home.place;
      const [genre, name] = rng.weighted<[Genre, string]>([
        [[GENRES.classicalArts, `${place.city} Symphony Orchestra`], 3],
        [[GENRES.classicalArts, `${place.city} Philharmonic`], 2],
        [[GENRES.dance, `${place.city} Ballet`], 2],
        [[GENRES.dance, `${place.city} Dance Theatre`], 1],
        [[GENRES.opera, `${place.city} Opera`], 2],
      ]);
      if (this.names.has(name)) continue;
      this.names.add(name);
      const a = this.addAttraction(
        'company',
        { name, kind: 'company', genre, homeVenue: home, description: null },
        i,
        rng,
      );
      a.description = rng.chance(0.7)
        ? `${name} presents a full season of ${genre.name.toLowerCase()} performances in ${place.city}, from beloved classics to new commissions.`
        : null;
    }

    for (let i = 0; i < scale(0.16 * 0.05, 8, 3); i++) {
      const name = this.uniqueName(
        rng,
        () =>
          rng.weighted([
            [`The Great ${rng.pick(N.LAST_NAMES)}`, 1],
            [`${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}: Illusionist`, 1],
          ]),
        () => `${rng.pick(N.FIRST_NAMES)} the ${rng.pick(['Magnificent', 'Mysterious', 'Impossible', 'Astonishing'])}`,
      );
      this.addAttraction(
        'magician',
        {
          name,
          kind: 'magician',
          genre: GENRES.magic,
          description: rng.chance(0.6)
            ? `${name} performs mind-bending illusions and close-up magic for audiences of all ages.`
            : null,
        },
        i,
        rng,
      );
    }
    for (let i = 0; i < scale(0.16 * 0.05, 20, 3); i++) {
      const name = this.uniqueName(
        rng,
        () =>
          rng.weighted([
            [`Cirque ${rng.pick(['Lumière', 'Étoile', 'Mirage', 'Céleste', 'Aurore', 'Éclat', 'Rêverie'])}`, 2],
            [`The ${rng.pick(N.ADJECTIVES)} Circus`, 1],
          ]),
        () => `${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)} Circus`,
      );
      this.addAttraction(
        'circus',
        {
          name,
          kind: 'circus',
          genre: GENRES.circus,
          description: rng.chance(0.7)
            ? `${name} fills the big top with acrobats, aerialists and jaw-dropping feats.`
            : null,
        },
        i,
        rng,
      );
    }
    for (let i = 0; i < scale(0.16 * 0.05, 12, 3); i++) {
      const word = rng.pick(N.FAMILY_WORDS);
      const name = this.uniqueName(
        rng,
        () =>
          rng.weighted([
            [`${word} Tales Live!`, 1],
            [`The ${word} Storybook`, 1],
            [`${rng.pick(N.FIRST_NAMES)} and the ${word} Friends`, 1],
          ]),
        () => `${rng.pick(N.ADJECTIVES)} ${word} Tales`,
      );
      this.addAttraction(
        'childrensTheatre',
        {
          name,
          kind: 'show',
          genre: GENRES.childrensTheatre,
          description: rng.chance(0.6) ? `A musical stage adventure for young audiences and their grown-ups.` : null,
        },
        i,
        rng,
      );
    }

    // Miscellaneous: family and ice shows, speakers.
    for (let i = 0; i < scale(0.06 * 0.35, 14, 3); i++) {
      const word = rng.pick(N.FAMILY_WORDS);
      const name = this.uniqueName(
        rng,
        () =>
          rng.weighted([
            [`${word} Adventures Live`, 2],
            [`${word} World Live!`, 1],
            [`${rng.pick(N.ADJECTIVES)} ${word} Experience`, 1],
          ]),
        () => `${rng.pick(N.ADJECTIVES)} ${word} Adventures`,
      );
      this.addAttraction(
        'familyShow',
        {
          name,
          kind: 'familyShow',
          genre: GENRES.family,
          description: rng.chance(0.6)
            ? `${name} is a live family show packed with ${word.toLowerCase()} fun, music and audience sing-alongs.`
            : null,
        },
        i,
        rng,
      );
    }
    for (let i = 0; i < scale(0.06 * 0.2, 14, 2); i++) {
      const name = this.uniqueName(
        rng,
        () => `${rng.pick(N.ICE_THEMES)} on Ice`,
        () => `${rng.pick(N.ADJECTIVES)} ${rng.pick(N.ICE_THEMES)} on Ice`,
      );
      this.addAttraction(
        'iceShow',
        {
          name,
          kind: 'iceShow',
          genre: GENRES.iceShows,
          description: rng.chance(0.6)
            ? `World-class skaters bring ${name.replace(/ on Ice$/, '').toLowerCase()} to life on the ice.`
            : null,
        },
        i,
        rng,
      );
    }
    for (let i = 0; i < scale(0.06 * 0.1, 3, 3); i++) {
      const person = this.uniqueName(
        rng,
        () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
        () => `Dr. ${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
      );
      this.addAttraction(
        'speaker',
        {
          name: person,
          kind: 'speaker',
          genre: GENRES.lecture,
          description: rng.chance(0.7)
            ? `${person} is a ${rng.pick(['bestselling author', 'historian', 'astronaut', 'chef', 'explorer', 'journalist'])} and sought-after speaker.`
            : null,
        },
        i,
        rng,
      );
    }

    // Film.
    for (let i = 0; i < scale(0.03, 5, 4); i++) {
      const name = this.uniqueName(
        rng,
        () =>
          rng.weighted([
            [rng.pick(N.FILM_TITLES), 2],
            [`${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)}`, 2],
          ]),
        () => `The ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)} Picture`,
      );
      const genre = rng.weighted<Genre>([
        [GENRES.filmMusic, 3],
        [GENRES.filmFamily, 2],
        [GENRES.documentary, 1],
        [GENRES.horror, 1],
      ]);
      this.addAttraction(
        'film',
        {
          name,
          kind: 'film',
          genre,
          description: rng.chance(0.6)
            ? genre === GENRES.filmMusic
              ? `The film ${name} on the big screen, with its score performed live by a full orchestra.`
              : `${name} is a ${genre.name.toLowerCase()} film screening in select cinemas.`
            : null,
        },
        i,
        rng,
      );
    }

    for (const [key, list] of this.poolLists) this.pools.set(key, new WeightedTable(list, (a) => a.weight));
  }

  private citiesWith(kind: VenueKind): DemoVenue[] {
    const seen = new Set<string>();
    const out: DemoVenue[] = [];
    for (const v of this.venues) {
      const key = `${v.place.countryCode}|${v.place.stateCode}|${v.place.city}`;
      if (v.kind === kind && !seen.has(key)) {
        seen.add(key);
        out.push(v);
      }
    }
    return out;
  }

  private bandName(rng: Rng, pattern?: number): string {
    const p =
      pattern ??
      rng.weighted([
        [0, 4],
        [1, 3],
        [2, 2],
        [3, 2],
        [4, 1],
        [6, 1],
      ] as const);
    switch (p) {
      case 0:
        return `The ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.NOUNS)}`;
      case 1:
        return `${rng.pick(N.ADJECTIVES)} ${rng.pick(N.NOUNS)}`;
      case 2:
        return `${rng.pick(N.NOUNS)} of ${rng.pick(N.SINGULAR_NOUNS)}`;
      case 3:
        return `${rng.pick(N.SINGULAR_NOUNS)} ${rng.pick(N.NOUNS)}`;
      case 4:
        return `${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)}`;
      case 5:
        return `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)} & the ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.NOUNS)}`;
      default:
        return `The ${rng.pick(N.NOUNS)}`;
    }
  }

  private soloName(rng: Rng): string {
    return rng.chance(0.9)
      ? `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`
      : `${rng.pick(N.FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}. ${rng.pick(N.LAST_NAMES)}`;
  }

  private musicName(rng: Rng, genre: Genre): string {
    switch (genre) {
      case GENRES.hipHop:
        return rng.weighted([
          [`${rng.pick(N.RAP_PREFIXES)} ${rng.pick(N.RAP_WORDS)}`, 5],
          [this.soloName(rng), 2],
          [`${rng.pick(N.RAP_WORDS)} ${rng.pick(['Crew', 'Collective', 'Gang', 'Squad'])}`, 1],
        ]);
      case GENRES.electronic:
        return rng.weighted([
          [`DJ ${rng.pick(N.DJ_WORDS)}`, 3],
          [`${rng.pick(N.DJ_WORDS)}${rng.pick(N.DJ_WORDS).toLowerCase()}`, 2],
          [`${rng.pick(N.DJ_WORDS)} & ${rng.pick(N.DJ_WORDS)}`, 1],
          [`${rng.pick(N.ADJECTIVES)} ${rng.pick(N.DJ_WORDS)}`, 2],
        ]);
      case GENRES.jazz:
        return rng.weighted([
          [`${this.soloName(rng)} ${rng.pick(['Quartet', 'Trio', 'Quintet'])}`, 4],
          [this.soloName(rng), 3],
          [`The ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)} Big Band`, 1],
        ]);
      case GENRES.classical:
        return rng.weighted([
          [`${rng.pick(N.LAST_NAMES)} String Quartet`, 2],
          [this.soloName(rng), 3],
          [`${rng.pick(N.SINGULAR_NOUNS)} Chamber Choir`, 1],
          [`${rng.pick(N.SINGULAR_NOUNS)} Ensemble`, 1],
        ]);
      case GENRES.latin:
        return rng.weighted([
          [`${rng.pick(N.SPANISH_FIRST)} ${rng.pick(N.SPANISH_LAST)}`, 5],
          [`Los ${rng.pick(N.LATIN_NOUNS)}`, 1],
          [`${rng.pick(N.SPANISH_FIRST)} y los ${rng.pick(N.LATIN_NOUNS)}`, 1],
        ]);
      case GENRES.metal:
        return rng.weighted([
          [`${rng.pick(N.METAL_WORDS)} ${rng.pick(N.NOUNS)}`, 3],
          [`${rng.pick(N.NOUNS)} of ${rng.pick(N.METAL_WORDS)}`, 2],
          [`${rng.pick(N.METAL_WORDS)}${rng.pick(['born', 'cult', 'throne', 'forge', 'grave'])}`, 1],
        ]);
      case GENRES.childrensMusic:
        return `${rng.pick(N.FIRST_NAMES)} and the ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.NOUNS)}`;
      case GENRES.holidayMusic:
        return rng.weighted([
          [`The ${rng.pick(N.ADJECTIVES)} Christmas Orchestra`, 1],
          [`${rng.pick(N.LAST_NAMES)}'s Holiday Spectacular`, 1],
        ]);
      case GENRES.pop:
      case GENRES.rnb:
      case GENRES.country:
      case GENRES.religious:
        return rng.chance(0.65) ? this.soloName(rng) : this.bandName(rng);
      default:
        return rng.chance(0.7) ? this.bandName(rng) : this.soloName(rng);
    }
  }

  private region(place: Place): string {
    return place.countryCode === 'US' ? `${place.city}, ${place.stateCode}` : `${place.city}, ${place.countryName}`;
  }

  private musicDescription(rng: Rng, a: DemoAttraction): string {
    const home = rng.chance(0.85) ? rng.pick(this.homeTowns.us) : rng.pick(this.homeTowns.abroad);
    const style = prose(a.subGenre.name);
    const feature = rng.pick(N.MUSIC_FEATURES);
    const group = /^(The |Los )|&| y los |Quartet|Trio|Quintet|Band|Crew|Collective|Ensemble|Choir|Orchestra/.test(
      a.name,
    );
    const plural = /^(The |Los )|&| y los /.test(a.name) && !/Orchestra|Band|Ensemble|Choir|Spectacular$/.test(a.name);
    const role = group ? rng.pick(N.BAND_NOUNS) : rng.pick(['artist', 'singer-songwriter', 'performer', 'producer']);
    const first = `${a.name} ${plural ? 'are' : 'is'} ${article(style)} ${style} ${role} from ${this.region(home)}, known for ${feature}.`;
    const second = a.tourName
      ? ` ${a.tourName} brings ${plural ? 'their' : rng.pick(['the', 'a'])} new record to ${rng.pick(['arenas', 'theatres', 'clubs', 'cities'])} this year.`
      : rng.chance(0.5)
        ? ` The latest album, ${rng.pick(N.TOUR_WORDS)}, ${rng.pick(['topped the charts', 'earned critical acclaim', 'was a word-of-mouth hit', 'marked a bold new direction'])}.`
        : '';
    return first + second;
  }

  private showDescription(rng: Rng, a: DemoAttraction, musical: boolean): string {
    const subject = rng.pick([
      'a small-town diner on its last night in business',
      'two rival magicians in 1920s Chicago',
      'a family road trip that goes spectacularly wrong',
      'a lighthouse keeper and the storm of the century',
      'a jazz singer chasing one last big break',
      'three sisters and the house they cannot sell',
      'a travelling circus searching for a new home',
      'an unlikely friendship on a cross-country train',
    ]);
    return musical
      ? `${a.name} is a ${rng.pick(['Tony-worthy', 'toe-tapping', 'heartfelt', 'dazzling', 'irresistible'])} musical about ${subject}.`
      : `${a.name} is a ${rng.pick(['gripping', 'witty', 'moving', 'darkly funny'])} play about ${subject}.`;
  }

  // ── Teams ──

  private buildTeams(rng: Rng) {
    const e = this.eventCount;
    const extra = Math.max(1, e / 150_000);
    const leagues: League[] = [
      {
        key: 'pro-basketball',
        genre: 'basketball',
        sub: 'Professional',
        teams: 30,
        venueKinds: ['arena'],
        countries: ['US', 'CA'],
        homeGames: 41,
        months: [10, 11, 12, 1, 2, 3, 4],
        naming: 'mascot',
        popularity: [45, 95],
      },
      {
        key: 'pro-hockey',
        genre: 'hockey',
        sub: 'Professional',
        teams: 32,
        venueKinds: ['arena'],
        countries: ['US', 'CA'],
        homeGames: 41,
        months: [10, 11, 12, 1, 2, 3, 4],
        naming: 'mascot',
        popularity: [35, 85],
      },
      {
        key: 'pro-football',
        genre: 'football',
        sub: 'Professional',
        teams: 32,
        venueKinds: ['stadium'],
        countries: ['US'],
        homeGames: 9,
        months: [9, 10, 11, 12, 1],
        naming: 'mascot',
        popularity: [55, 98],
      },
      {
        key: 'pro-baseball',
        genre: 'baseball',
        sub: 'Professional',
        teams: 30,
        venueKinds: ['ballpark', 'stadium'],
        countries: ['US', 'CA'],
        homeGames: 81,
        months: [4, 5, 6, 7, 8, 9],
        naming: 'mascot',
        popularity: [40, 90],
      },
      {
        key: 'pro-soccer',
        genre: 'soccer',
        sub: 'Professional',
        teams: 28,
        venueKinds: ['stadium', 'ballpark'],
        countries: ['US', 'CA'],
        homeGames: 17,
        months: [3, 4, 5, 6, 7, 8, 9, 10],
        naming: 'mascot',
        popularity: [30, 75],
      },
      {
        key: 'minor-baseball',
        genre: 'baseball',
        sub: 'Minor League',
        teams: Math.round(40 * extra),
        venueKinds: ['ballpark', 'stadium', 'arena'],
        countries: ['US'],
        homeGames: 60,
        months: [4, 5, 6, 7, 8, 9],
        naming: 'mascot',
        popularity: [8, 35],
      },
      {
        key: 'minor-hockey',
        genre: 'hockey',
        sub: 'Minor League',
        teams: Math.round(30 * extra),
        venueKinds: ['arena'],
        countries: ['US', 'CA'],
        homeGames: 36,
        months: [10, 11, 12, 1, 2, 3, 4],
        naming: 'mascot',
        popularity: [8, 30],
      },
      {
        key: 'college-basketball',
        genre: 'basketball',
        sub: 'College',
        teams: Math.round(60 * extra),
        venueKinds: ['arena', 'theatre'],
        countries: ['US'],
        homeGames: 15,
        months: [11, 12, 1, 2, 3],
        naming: 'college',
        popularity: [15, 60],
      },
      {
        key: 'college-football',
        genre: 'football',
        sub: 'College',
        teams: Math.round(60 * extra),
        venueKinds: ['stadium', 'ballpark'],
        countries: ['US'],
        homeGames: 6,
        months: [9, 10, 11],
        naming: 'college',
        popularity: [20, 70],
      },
      {
        key: 'intl-soccer',
        genre: 'soccer',
        sub: 'International Club',
        teams: Math.round(60 * extra),
        venueKinds: ['stadium', 'arena', 'ballpark'],
        countries: ['GB', 'DE', 'FR', 'ES', 'IT', 'AR', 'JP', 'AU'],
        homeGames: 19,
        months: [1, 2, 3, 4, 5, 8, 9, 10, 11, 12],
        naming: 'club',
        popularity: [25, 85],
      },
    ];
    for (const league of leagues) {
      const candidates = this.venues
        .filter((v) => league.countries.includes(v.place.countryCode) && league.venueKinds.includes(v.kind))
        .sort((a, b) => b.place.population - a.place.population || (a.id < b.id ? -1 : 1));
      const usedCities = new Map<string, number>();
      const usedMascots = new Set<string>();
      const genre = GENRES[league.genre] as Genre;
      const subGenre = genre.subGenres.find((s) => s.name === league.sub)!;
      const minor = league.key.startsWith('minor') || league.key.startsWith('college');
      // Professional clubs go to the biggest cities first; minor and college teams spread out.
      const pickOrder = minor ? this.shuffled(rng, candidates) : candidates;
      let made = 0;
      for (let pass = 0; pass < 2 && made < league.teams; pass++) {
        for (const venue of pickOrder) {
          if (made >= league.teams) break;
          const cityKey = `${venue.place.countryCode}|${venue.place.stateCode}|${venue.place.city}`;
          const inCity = usedCities.get(cityKey) ?? 0;
          if (inCity > pass || (pass === 1 && venue.place.population < 2_000_000)) continue;
          const name = this.teamName(rng, league, venue.place, usedMascots);
          if (!name) continue;
          usedCities.set(cityKey, inCity + 1);
          const [lo, hi] = league.popularity;
          const a = this.addAttraction(
            'team',
            {
              name,
              kind: 'team',
              genre,
              subGenre,
              homeVenue: venue,
              league,
              description: null,
              popularity: rng.int(lo, hi),
              weight: league.homeGames,
            },
            made,
            rng,
          );
          a.description = rng.chance(0.6)
            ? `The ${name} are a ${league.sub === 'Professional' ? 'professional' : league.sub === 'College' ? 'college' : league.sub === 'Minor League' ? 'minor-league' : 'club'} ${genre.name.toLowerCase()} team based in ${this.region(venue.place)}. Home games are played at ${venue.name}.`
            : null;
          made++;
        }
      }
      const teams = this.poolLists.get('team')?.filter((t) => t.league === league) ?? [];
      if (teams.length >= 2) this.leagueTeams.set(league.key, teams);
    }
  }

  private readonly leagueTeams = new Map<string, DemoAttraction[]>();

  /** Where acts say they are from. */
  private readonly homeTowns = {
    us: largestCities('US', 80),
    abroad: [...largestCities('GB', 10), ...largestCities('CA', 8), ...largestCities('AU', 6)],
  };

  private shuffled<T>(rng: Rng, items: T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  private teamName(rng: Rng, league: League, place: Place, usedMascots: Set<string>): string | undefined {
    for (let attempt = 0; attempt < 30; attempt++) {
      const mascot = rng.pick(N.MASCOTS);
      if (usedMascots.has(mascot) && attempt < 25) continue;
      const name =
        league.naming === 'college'
          ? rng.chance(0.6)
            ? `${place.city} State ${mascot}`
            : `University of ${place.city} ${mascot}`
          : league.naming === 'club'
            ? `${place.city} ${mascot} FC`
            : `${place.city} ${mascot}`;
      if (this.names.has(name)) continue;
      this.names.add(name);
      usedMascots.add(mascot);
      return name;
    }
    return undefined;
  }

  // ── Events ──

  /** The events, in generation order; ids 'Ze1', 'Ze2', … */
  *events(): Generator<DemoEvent> {
    const rng = createRng(this.seed).fork('events');
    const bookings = this.bookings(rng);
    const table = new WeightedTable(bookings, (b) => b.weight);
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

  private bookings(rng: Rng): Booking[] {
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
    return list;
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
    const venue = this.venueFor(rng, kinds);
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
    return this.schedule(rng, { name, venue, attractions, months, nights, tba: true, times: () => hour });
  }

  private festival(rng: Rng, pool: WeightedTable<DemoAttraction>): DemoEvent[] {
    const venue = this.venueFor(rng, ['amphitheatre', 'stadium', 'ballpark']);
    const lineup = new Set<DemoAttraction>();
    const size = rng.int(4, 8);
    for (let i = 0; i < size * 3 && lineup.size < size; i++) lineup.add(pool.draw(rng));
    const attractions = [...lineup].sort((a, b) => b.popularity - a.popularity);
    const name = `${venue.place.city} ${rng.pick(N.FESTIVAL_WORDS)} Festival {year}`;
    return this.schedule(rng, {
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
    return this.schedule(rng, {
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
    const venue = this.venueFor(rng, show.genre === GENRES.motorsports ? ['stadium', 'arena'] : ['arena']);
    return this.schedule(rng, {
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
    return this.schedule(rng, {
      name: `${a.name} vs. ${b.name}`,
      venue: this.venueFor(rng, ['arena']),
      attractions: [a, b],
      months: ALL_MONTHS,
      nights: 1,
      tba: true,
      times: () => [20, 0],
      weekend: true,
    });
  }

  private run(rng: Rng, show: DemoAttraction): DemoEvent[] {
    const venue = this.venueFor(rng, ['theatre']);
    const performances = rng.int(4, 16);
    return this.schedule(rng, {
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
    const venue = this.venueFor(
      rng,
      comedian.popularity >= 40 ? ['theatre', 'theatre', 'arena'] : ['comedy', 'comedy', 'theatre'],
    );
    const name = comedian.tourName ? `${comedian.name}: ${comedian.tourName}` : comedian.name;
    const shows = rng.chance(0.35) ? 2 : 1;
    const events = this.schedule(rng, {
      name,
      venue,
      attractions: [comedian],
      months: ALL_MONTHS,
      nights: 1,
      tba: true,
      times: () => [19, 0],
    });
    if (shows === 2 && events[0]?.localDate) {
      const late = this.schedule(rng, {
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
    const venue = this.venueInCity(rng, home.place, ['theatre']) ?? home;
    const work =
      company.genre === GENRES.opera
        ? rng.pick(N.OPERA_TITLES)
        : company.genre === GENRES.dance
          ? rng.pick(N.BALLET_TITLES)
          : rng.pick(N.ORCHESTRA_PROGRAMS);
    const holiday = work === 'The Nutcracker' || work === 'Handel’s Messiah';
    return this.schedule(rng, {
      name: `${company.name}: ${work}`,
      venue,
      attractions: [company],
      months: holiday ? [11, 12] : [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
      nights: rng.int(1, holiday ? 8 : 4),
      times: (dow) => (dow === 0 ? [14, 0] : [19, 30]),
    });
  }

  private weekendRun(rng: Rng, show: DemoAttraction, kinds: VenueKind[], min: number, max: number): DemoEvent[] {
    const venue = this.venueFor(rng, kinds);
    return this.schedule(rng, {
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
    return this.schedule(rng, {
      name: `${prefix}${attraction.name}`,
      venue: this.venueFor(rng, kinds),
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
    const venue = this.venueFor(
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
    return this.schedule(rng, {
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
    const venue = this.venueFor(rng, inConcert ? ['theatre', 'arena', 'amphitheatre'] : ['cinema']);
    return this.schedule(rng, {
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

  // ── Scheduling, status, prices ──

  private schedule(
    rng: Rng,
    spec: {
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
    },
  ): DemoEvent[] {
    const lead = spec.attractions[0];
    const genre = lead?.genre ?? spec.genre!;
    const subGenre = lead?.subGenre ?? rng.pick(genre.subGenres);
    const segment = genre.segment;
    const tz = spec.venue.place.timezone;
    const dateTba = spec.tba && !spec.fixedDate && rng.chance(0.025);
    const timeTba = spec.tba && !dateTba && rng.chance(0.03);
    let day = spec.fixedDate ? Date.parse(`${spec.fixedDate}T00:00:00Z`) : this.drawDay(rng, spec.months, spec.weekend);
    const past = day < this.today;
    const status = spec.status ?? this.drawStatus(rng, past, dateTba);
    const price = this.drawPrice(rng, segment, spec.venue, lead);
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

  /** A local calendar day (as a UTC midnight): ≈ 6 % in the last 60 days, the rest over the next year, denser soon. */
  private drawDay(rng: Rng, months: readonly number[], weekend?: boolean): number {
    const allowed = new Set(months);
    let day = this.today;
    for (let attempt = 0; attempt < 40; attempt++) {
      const offset = rng.chance(0.06) ? -rng.int(1, 60) : 1 + Math.floor(364 * rng.next() ** 1.2);
      day = this.today + offset * DAY_MS;
      const date = new Date(day);
      if (!allowed.has(date.getUTCMonth() + 1)) continue;
      const dow = date.getUTCDay();
      const accept = weekend
        ? dow === 0 || dow === 5 || dow === 6
          ? 1
          : 0.15
        : ([0.75, 0.5, 0.6, 0.7, 0.85, 1, 1] as const)[dow]!;
      if (rng.next() < accept) return day;
    }
    return day;
  }

  private drawStatus(rng: Rng, past: boolean, dateTba: boolean | undefined): DemoEvent['statusCode'] {
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

  private drawPrice(
    rng: Rng,
    segment: SegmentKey,
    venue: DemoVenue,
    lead: DemoAttraction | undefined,
  ): Pick<DemoEvent, 'priceRanges' | 'priceMin' | 'priceMax' | 'currency'> {
    const popularity = lead?.popularity ?? 30;
    // About one event in ten has no published price yet.
    if (rng.chance(0.1)) return { priceRanges: [], priceMin: null, priceMax: null, currency: null };
    const [lo, hi] =
      segment === 'sports'
        ? lead?.league?.sub === 'Professional'
          ? [25, 180]
          : [10, 45]
        : segment === 'misc'
          ? [12, 45]
          : segment === 'film'
            ? [12, 65]
            : venue.tier === 4
              ? [55, 160]
              : venue.tier === 3
                ? [39, 129]
                : venue.tier === 2
                  ? [29, 99]
                  : [12, 45];
    const boost = 1 + popularity / 120;
    const min = roundPrice((lo + rng.next() * (hi - lo) * 0.5) * boost);
    const max = roundPrice(min * (1.6 + rng.next() * (venue.tier >= 3 ? 4.5 : 2)));
    const type: PriceRange['type'] = rng.chance(0.1) ? 'standard including fees' : 'standard';
    // Some events publish only a "from" price.
    if (rng.chance(0.05)) {
      return { priceRanges: [{ type, currency: 'USD', min }], priceMin: min, priceMax: null, currency: 'USD' };
    }
    return { priceRanges: [{ type, currency: 'USD', min, max }], priceMin: min, priceMax: max, currency: 'USD' };
  }
}

/** A genre name inside a sentence: 'Indie Rock' → 'indie rock', acronyms and 'K-Pop' kept. */
function prose(name: string): string {
  return name
    .split(' ')
    .map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) || /^(R&B|EDM)/.test(word) ? 'an' : 'a';
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

/** Ticket prices end in .00 or .50. */
function roundPrice(x: number): number {
  return Math.round(x * 2) / 2;
}
