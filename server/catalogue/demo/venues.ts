import type { CountryCode } from '#contracts/enums';
import { largestCities, type Place, postalCodeNear } from '../places.ts';
import { COUNTRY_SHARES, type DemoVenue, type VenueKind } from './model.ts';
import * as N from './names.ts';
import type { Rng } from './rng.ts';
import { WeightedTable } from './rng.ts';

/**
 * Venues in real cities: a city's first venues are its landmarks (arena, stadium, theatre,
 * ballpark), the rest are drawn by its size; every city gets one, bigger cities more. Names
 * follow the country (Teatro, Théâtre, Theater) and addresses its street style.
 */

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

/** The venues of a catalogue and the ways bookings find one. */
export class VenueMap {
  readonly venues: DemoVenue[] = [];
  private readonly byCountryKind = new Map<string, WeightedTable<DemoVenue>>();
  private readonly byCityKind = new Map<string, DemoVenue[]>();
  private readonly countryTable = new WeightedTable(COUNTRY_SHARES, ([, w]) => w);

  /** About one venue for every 20 events, between 60 and 15,000, spread by COUNTRY_SHARES. */
  constructor(rng: Rng, eventCount: number) {
    const total = Math.round(Math.max(60, Math.min(15_000, eventCount / 20)));
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
          const kind = venueKind(rng, city, k);
          const name = venueName(rng, city, kind, taken);
          taken.add(name);
          serial++;
          this.venues.push(makeVenue(rng, `Zv${serial.toString(36)}`, name, kind, city));
        }
      });
    }
    const byCountryKind = new Map<string, DemoVenue[]>();
    for (const v of this.venues) {
      const key = `${v.place.countryCode}|${v.kind}`;
      byCountryKind.set(key, [...(byCountryKind.get(key) ?? []), v]);
      const cityKey = `${v.place.countryCode}|${v.place.stateCode}|${v.place.city}|${v.kind}`;
      const list = this.byCityKind.get(cityKey);
      if (list) list.push(v);
      else this.byCityKind.set(cityKey, [v]);
    }
    for (const [key, list] of byCountryKind) this.byCountryKind.set(key, new WeightedTable(list, (v) => v.weight));
  }

  /** A venue of one of `kinds`, in a country drawn by the SPEC §3 shares. */
  venueFor(rng: Rng, kinds: readonly VenueKind[], countries?: readonly CountryCode[]): DemoVenue {
    for (let attempt = 0; attempt < 6; attempt++) {
      const country =
        countries && countries.length > 0 ? rng.pick(countries) : (this.countryTable.draw(rng)[0] as CountryCode);
      const kind = rng.pick(kinds);
      const table = this.byCountryKind.get(`${country}|${kind}`);
      if (table) return table.draw(rng);
    }
    for (const kind of kinds) {
      const table = this.byCountryKind.get(`US|${kind}`);
      if (table) return table.draw(rng);
    }
    return this.venues[Math.floor(rng.next() * this.venues.length)] as DemoVenue;
  }

  venueInCity(rng: Rng, place: Place, kinds: readonly VenueKind[]): DemoVenue | undefined {
    for (const kind of kinds) {
      const list = this.byCityKind.get(`${place.countryCode}|${place.stateCode}|${place.city}|${kind}`);
      if (list && list.length > 0) return rng.pick(list);
    }
    return undefined;
  }

  /** The first venue of `kind` in each city that has one. */
  citiesWith(kind: VenueKind): DemoVenue[] {
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
}

function venueKind(rng: Rng, city: Place, index: number): VenueKind {
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

function venueName(rng: Rng, city: Place, kind: VenueKind, taken: Set<string>): string {
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

function makeVenue(rng: Rng, id: string, name: string, kind: VenueKind, city: Place): DemoVenue {
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
    address: address(rng, city.countryCode),
    postalCode: postalCodeNear(city, latitude, longitude),
    latitude,
    longitude,
    weight: city.population ** 0.4 * (0.5 + rng.next()),
  };
}

function address(rng: Rng, country: CountryCode): string {
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

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
