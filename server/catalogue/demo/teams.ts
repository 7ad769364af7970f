import type { Place } from '../places.ts';
import { type Casting, region } from './attractions.ts';
import type { DemoAttraction, League } from './model.ts';
import * as N from './names.ts';
import type { Rng } from './rng.ts';
import { GENRES, type Genre } from './taxonomy.ts';

/**
 * Teams: the leagues below, each club in a city with a venue of the league's kind, named
 * after the city and a mascot ('… State …', '… FC'). Professional clubs take the biggest
 * cities first; minor and college teams spread out. Minor, college and international leagues
 * grow with the catalogue (one step per 150,000 events).
 */
function leagues(eventCount: number): League[] {
  const extra = Math.max(1, eventCount / 150_000);
  return [
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
}

/** Adds every league's teams; returns the teams of each league that has at least two (so games can be made). */
export function addTeams(cast: Casting): Map<string, DemoAttraction[]> {
  const { rng, registry } = cast;
  const leagueTeams = new Map<string, DemoAttraction[]>();
  for (const league of leagues(cast.eventCount)) {
    const candidates = cast.venues.venues
      .filter((v) => league.countries.includes(v.place.countryCode) && league.venueKinds.includes(v.kind))
      .sort((a, b) => b.place.population - a.place.population || (a.id < b.id ? -1 : 1));
    const usedCities = new Map<string, number>();
    const usedMascots = new Set<string>();
    const genre = GENRES[league.genre] as Genre;
    const subGenre = genre.subGenres.find((s) => s.name === league.sub)!;
    const minor = league.key.startsWith('minor') || league.key.startsWith('college');
    // Professional clubs go to the biggest cities first; minor and college teams spread out.
    const pickOrder = minor ? shuffled(rng, candidates) : candidates;
    let made = 0;
    for (let pass = 0; pass < 2 && made < league.teams; pass++) {
      for (const venue of pickOrder) {
        if (made >= league.teams) break;
        const cityKey = `${venue.place.countryCode}|${venue.place.stateCode}|${venue.place.city}`;
        const inCity = usedCities.get(cityKey) ?? 0;
        if (inCity > pass || (pass === 1 && venue.place.population < 2_000_000)) continue;
        const name = teamName(cast, league, venue.place, usedMascots);
        if (!name) continue;
        usedCities.set(cityKey, inCity + 1);
        const [lo, hi] = league.popularity;
        const a = registry.add(
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
          ? `The ${name} are a ${league.sub === 'Professional' ? 'professional' : league.sub === 'College' ? 'college' : league.sub === 'Minor League' ? 'minor-league' : 'club'} ${genre.name.toLowerCase()} team based in ${region(venue.place)}. Home games are played at ${venue.name}.`
          : null;
        made++;
      }
    }
    const teams = registry.pools.get('team')?.filter((t) => t.league === league) ?? [];
    if (teams.length >= 2) leagueTeams.set(league.key, teams);
  }
  return leagueTeams;
}

function shuffled<T>(rng: Rng, items: T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function teamName(
  { rng, registry }: Casting,
  league: League,
  place: Place,
  usedMascots: Set<string>,
): string | undefined {
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
    if (!registry.claim(name)) continue;
    usedMascots.add(mascot);
    return name;
  }
  return undefined;
}
