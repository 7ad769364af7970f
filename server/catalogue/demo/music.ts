import { actCount, type Casting, homeTowns, region } from './attractions.ts';
import type { DemoAttraction } from './model.ts';
import * as N from './names.ts';
import { type Rng, WeightedTable } from './rng.ts';
import { GENRES, type Genre, type GenreKey } from './taxonomy.ts';

/**
 * Musicians: about one act for every 7.5 music events, genres in the shares below, names in
 * each genre's style (rappers, DJs, jazz trios, string quartets, Latin acts), tours for the
 * better known, and a short biography for six in ten.
 */

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

export function addMusicians(cast: Casting): void {
  const { rng, registry } = cast;
  const musicCount = actCount(cast, 0.55, 7.5, 30);
  const genreTable = new WeightedTable(MUSIC_GENRES, ([, w]) => w);
  for (let i = 0; i < musicCount; i++) {
    const genre = GENRES[genreTable.draw(rng)[0]] as Genre;
    const subGenre = rng.pick(genre.subGenres);
    const name = registry.uniqueName(
      rng,
      () => musicName(rng, genre),
      () => bandName(rng, 5),
    );
    const a = registry.add('music', { name, kind: 'artist', genre, subGenre, description: null }, i, rng);
    if (a.popularity >= 18 && rng.chance(0.6)) {
      const words = rng.pick(N.TOUR_WORDS);
      a.tourName = rng.weighted([
        [`The ${words} Tour`, 3],
        [`${words} Tour`, 3],
        [`${words} World Tour`, 1],
        [`${words} Tour ${new Date(cast.today).getUTCFullYear() + (rng.chance(0.3) ? 1 : 0)}`, 1],
      ]);
    }
    a.description = rng.chance(0.6) ? musicDescription(rng, a) : null;
  }
}

function bandName(rng: Rng, pattern?: number): string {
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

function soloName(rng: Rng): string {
  return rng.chance(0.9)
    ? `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`
    : `${rng.pick(N.FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}. ${rng.pick(N.LAST_NAMES)}`;
}

function musicName(rng: Rng, genre: Genre): string {
  switch (genre) {
    case GENRES.hipHop:
      return rng.weighted([
        [`${rng.pick(N.RAP_PREFIXES)} ${rng.pick(N.RAP_WORDS)}`, 5],
        [soloName(rng), 2],
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
        [`${soloName(rng)} ${rng.pick(['Quartet', 'Trio', 'Quintet'])}`, 4],
        [soloName(rng), 3],
        [`The ${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)} Big Band`, 1],
      ]);
    case GENRES.classical:
      return rng.weighted([
        [`${rng.pick(N.LAST_NAMES)} String Quartet`, 2],
        [soloName(rng), 3],
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
      return rng.chance(0.65) ? soloName(rng) : bandName(rng);
    default:
      return rng.chance(0.7) ? bandName(rng) : soloName(rng);
  }
}

function musicDescription(rng: Rng, a: DemoAttraction): string {
  const home = rng.chance(0.85) ? rng.pick(homeTowns().us) : rng.pick(homeTowns().abroad);
  const style = prose(a.subGenre.name);
  const feature = rng.pick(N.MUSIC_FEATURES);
  const group = /^(The |Los )|&| y los |Quartet|Trio|Quintet|Band|Crew|Collective|Ensemble|Choir|Orchestra/.test(
    a.name,
  );
  const plural = /^(The |Los )|&| y los /.test(a.name) && !/Orchestra|Band|Ensemble|Choir|Spectacular$/.test(a.name);
  const role = group ? rng.pick(N.BAND_NOUNS) : rng.pick(['artist', 'singer-songwriter', 'performer', 'producer']);
  const first = `${a.name} ${plural ? 'are' : 'is'} ${article(style)} ${style} ${role} from ${region(home)}, known for ${feature}.`;
  const second = a.tourName
    ? ` ${a.tourName} brings ${plural ? 'their' : rng.pick(['the', 'a'])} new record to ${rng.pick(['arenas', 'theatres', 'clubs', 'cities'])} this year.`
    : rng.chance(0.5)
      ? ` The latest album, ${rng.pick(N.TOUR_WORDS)}, ${rng.pick(['topped the charts', 'earned critical acclaim', 'was a word-of-mouth hit', 'marked a bold new direction'])}.`
      : '';
  return first + second;
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
