import { actCount, type Casting, homeTowns } from './attractions.ts';
import type { DemoAttraction } from './model.ts';
import * as N from './names.ts';
import type { Rng } from './rng.ts';
import { GENRES, type Genre, type GenreKey } from './taxonomy.ts';

/**
 * Every act that is not a musician or a team: touring sports shows and boxers, theatre
 * (musicals and plays), comedians, each theatre city's orchestra, ballet or opera, magicians,
 * circuses, children's theatre, family and ice shows, speakers and films. Counts follow each
 * kind's share of the events; about two in three get a description.
 */

/** Wrestling, motorsports and rodeo tours (a fixed list), and boxers. */
export function addTouringSports(cast: Casting): void {
  const { rng, registry } = cast;
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
      if (!registry.claim(name)) continue;
      const genre = GENRES[genreKey] as Genre;
      registry.add(
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
  for (let i = 0; i < actCount(cast, 0.004, 3, 4); i++) {
    const name = registry.uniqueName(
      rng,
      () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
      () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(['Kid', 'Iron', 'Flash', 'Hammer'])} ${rng.pick(N.LAST_NAMES)}`,
    );
    registry.add(
      'boxer',
      {
        name,
        kind: 'touringSport',
        genre: GENRES.boxing,
        description: rng.chance(0.5)
          ? `${name} is a professional boxer fighting out of ${rng.pick(homeTowns().us).city}.`
          : null,
      },
      i,
      rng,
    );
  }
}

/** Theatre shows, comedians, city companies, magicians, circuses and children's theatre. */
export function addStageActs(cast: Casting): void {
  const { rng, registry } = cast;
  const showCount = actCount(cast, 0.16 * 0.42, 24, 8);
  for (let i = 0; i < showCount; i++) {
    const musical = rng.chance(0.6);
    const name = registry.uniqueName(
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
    const a = registry.add('show', { name, kind: 'show', genre, subGenre, description: null }, i, rng);
    a.description = rng.chance(0.7) ? showDescription(rng, a, musical) : null;
  }

  const comedianCount = actCount(cast, 0.16 * 0.25, 6, 6);
  for (let i = 0; i < comedianCount; i++) {
    const name = registry.uniqueName(
      rng,
      () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
      () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}-${rng.pick(N.LAST_NAMES)}`,
    );
    const genre = GENRES.comedy;
    const a = registry.add('comedian', { name, kind: 'comedian', genre, description: null }, i, rng);
    if (rng.chance(0.6)) a.tourName = `${rng.pick(N.COMEDY_TOUR_WORDS)} Tour`;
    a.description = rng.chance(0.6)
      ? `${name} is a stand-up comedian whose ${rng.pick(['deadpan storytelling', 'rapid-fire observations', 'unfiltered takes on family life', 'sharp crowd work', 'absurdist one-liners'])} ${rng.pick(['sell out clubs night after night', 'have made them a festival favourite', 'keep audiences howling'])}.`
      : null;
  }

  // City companies: orchestras, ballet, opera, dance.
  const companyCount = actCount(cast, 0.16 * 0.18, 10, 6);
  const companyCities = cast.venues.citiesWith('theatre');
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
    if (!registry.claim(name)) continue;
    const a = registry.add('company', { name, kind: 'company', genre, homeVenue: home, description: null }, i, rng);
    a.description = rng.chance(0.7)
      ? `${name} presents a full season of ${genre.name.toLowerCase()} performances in ${place.city}, from beloved classics to new commissions.`
      : null;
  }

  for (let i = 0; i < actCount(cast, 0.16 * 0.05, 8, 3); i++) {
    const name = registry.uniqueName(
      rng,
      () =>
        rng.weighted([
          [`The Great ${rng.pick(N.LAST_NAMES)}`, 1],
          [`${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}: Illusionist`, 1],
        ]),
      () => `${rng.pick(N.FIRST_NAMES)} the ${rng.pick(['Magnificent', 'Mysterious', 'Impossible', 'Astonishing'])}`,
    );
    registry.add(
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
  for (let i = 0; i < actCount(cast, 0.16 * 0.05, 20, 3); i++) {
    const name = registry.uniqueName(
      rng,
      () =>
        rng.weighted([
          [`Cirque ${rng.pick(['Lumière', 'Étoile', 'Mirage', 'Céleste', 'Aurore', 'Éclat', 'Rêverie'])}`, 2],
          [`The ${rng.pick(N.ADJECTIVES)} Circus`, 1],
        ]),
      () => `${rng.pick(N.ADJECTIVES)} ${rng.pick(N.SINGULAR_NOUNS)} Circus`,
    );
    registry.add(
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
  for (let i = 0; i < actCount(cast, 0.16 * 0.05, 12, 3); i++) {
    const word = rng.pick(N.FAMILY_WORDS);
    const name = registry.uniqueName(
      rng,
      () =>
        rng.weighted([
          [`${word} Tales Live!`, 1],
          [`The ${word} Storybook`, 1],
          [`${rng.pick(N.FIRST_NAMES)} and the ${word} Friends`, 1],
        ]),
      () => `${rng.pick(N.ADJECTIVES)} ${word} Tales`,
    );
    registry.add(
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
}

/** Family and ice shows, and speakers. */
export function addFamilyShowsAndTalks(cast: Casting): void {
  const { rng, registry } = cast;
  for (let i = 0; i < actCount(cast, 0.06 * 0.35, 14, 3); i++) {
    const word = rng.pick(N.FAMILY_WORDS);
    const name = registry.uniqueName(
      rng,
      () =>
        rng.weighted([
          [`${word} Adventures Live`, 2],
          [`${word} World Live!`, 1],
          [`${rng.pick(N.ADJECTIVES)} ${word} Experience`, 1],
        ]),
      () => `${rng.pick(N.ADJECTIVES)} ${word} Adventures`,
    );
    registry.add(
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
  for (let i = 0; i < actCount(cast, 0.06 * 0.2, 14, 2); i++) {
    const name = registry.uniqueName(
      rng,
      () => `${rng.pick(N.ICE_THEMES)} on Ice`,
      () => `${rng.pick(N.ADJECTIVES)} ${rng.pick(N.ICE_THEMES)} on Ice`,
    );
    registry.add(
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
  for (let i = 0; i < actCount(cast, 0.06 * 0.1, 3, 3); i++) {
    const person = registry.uniqueName(
      rng,
      () => `${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
      () => `Dr. ${rng.pick(N.FIRST_NAMES)} ${rng.pick(N.LAST_NAMES)}`,
    );
    registry.add(
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
}

/** Films: screenings, and scores performed live to the picture. */
export function addFilms(cast: Casting): void {
  const { rng, registry } = cast;
  for (let i = 0; i < actCount(cast, 0.03, 5, 4); i++) {
    const name = registry.uniqueName(
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
    registry.add(
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
}

function showDescription(rng: Rng, a: DemoAttraction, musical: boolean): string {
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
