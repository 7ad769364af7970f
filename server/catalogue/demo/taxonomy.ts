import { SEGMENTS } from '#contracts/enums';
import type { ImageTheme } from '../images.ts';
import { hash32 } from './rng.ts';

/**
 * The classifications the demo catalogue uses: Discovery API v2 segment and genre ids (the
 * real ones, so filters written against Discovery work on demo data), with sub-genres whose
 * ids are made up in the same style ('KZazBEonSMnZfZ7vZ' + three characters derived from the
 * name, stable across runs; the 'Z' marks them as ours).
 */

export type SegmentKey = 'music' | 'sports' | 'arts' | 'film' | 'misc';

export type Genre = {
  id: string;
  name: string;
  segment: SegmentKey;
  subGenres: SubGenre[];
};
export type SubGenre = { id: string; name: string };

export const SEGMENT_IDS: Record<SegmentKey, { id: string; name: string; theme: ImageTheme }> = {
  music: { ...SEGMENTS.music, theme: 'music' },
  sports: { ...SEGMENTS.sports, theme: 'sports' },
  arts: { ...SEGMENTS.artsTheatre, theme: 'arts' },
  film: { ...SEGMENTS.film, theme: 'film' },
  misc: { ...SEGMENTS.miscellaneous, theme: 'misc' },
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A made-up sub-genre id in the Discovery style, stable for a given genre and name. */
export function subGenreId(genreId: string, name: string): string {
  let n = hash32(`${genreId}/${name}`);
  let code = '';
  for (let i = 0; i < 3; i++) {
    code += BASE62[n % 62];
    n = Math.floor(n / 62);
  }
  return `KZazBEonSMnZfZ7vZ${code}`;
}

function genre(segment: SegmentKey, id: string, name: string, subGenres: string[]): Genre {
  return { id, name, segment, subGenres: subGenres.map((sub) => ({ id: subGenreId(id, sub), name: sub })) };
}

export const GENRES = {
  // Music
  rock: genre('music', 'KnvZfZ7vAeA', 'Rock', ['Alternative Rock', 'Hard Rock', 'Indie Rock', 'Classic Rock', 'Punk']),
  pop: genre('music', 'KnvZfZ7vAev', 'Pop', ['Pop', 'Pop Rock', 'Indie Pop', 'Dance Pop', 'K-Pop']),
  hipHop: genre('music', 'KnvZfZ7vAv1', 'Hip-Hop/Rap', ['Hip-Hop', 'Rap', 'Trap', 'Alternative Rap']),
  country: genre('music', 'KnvZfZ7vAv6', 'Country', ['Country', 'Americana', 'Bluegrass', 'Country Pop']),
  alternative: genre('music', 'KnvZfZ7vAvv', 'Alternative', ['Alternative', 'Indie', 'Emo', 'Shoegaze']),
  rnb: genre('music', 'KnvZfZ7vAee', 'R&B', ['R&B', 'Soul', 'Funk', 'Neo-Soul']),
  electronic: genre('music', 'KnvZfZ7vAvF', 'Dance/Electronic', ['House', 'Techno', 'EDM', 'Drum & Bass']),
  latin: genre('music', 'KnvZfZ7vAJ6', 'Latin', ['Reggaeton', 'Latin Pop', 'Regional Mexicano', 'Salsa']),
  jazz: genre('music', 'KnvZfZ7vAvE', 'Jazz', ['Jazz', 'Swing', 'Bebop', 'Smooth Jazz']),
  metal: genre('music', 'KnvZfZ7vAvt', 'Metal', ['Heavy Metal', 'Metalcore', 'Thrash Metal']),
  folk: genre('music', 'KnvZfZ7vAva', 'Folk', ['Folk', 'Singer-Songwriter', 'Folk Rock']),
  blues: genre('music', 'KnvZfZ7vAvd', 'Blues', ['Blues', 'Blues-Rock', 'Delta Blues']),
  classical: genre('music', 'KnvZfZ7vAeJ', 'Classical', ['Symphonic', 'Chamber Music', 'Choral']),
  reggae: genre('music', 'KnvZfZ7vAed', 'Reggae', ['Reggae', 'Dancehall', 'Dub']),
  world: genre('music', 'KnvZfZ7vAeF', 'World', ['World', 'Afrobeat', 'Celtic']),
  religious: genre('music', 'KnvZfZ7vAe7', 'Religious', ['Gospel', 'Christian']),
  childrensMusic: genre('music', 'KnvZfZ7vAvk', "Children's Music", ["Children's Music"]),
  holidayMusic: genre('music', 'KnvZfZ7vAvJ', 'Holiday', ['Holiday']),
  // Sports
  basketball: genre('sports', 'KnvZfZ7vAde', 'Basketball', ['Professional', 'College']),
  football: genre('sports', 'KnvZfZ7vAdE', 'Football', ['Professional', 'College']),
  baseball: genre('sports', 'KnvZfZ7vAdv', 'Baseball', ['Professional', 'Minor League']),
  hockey: genre('sports', 'KnvZfZ7vAdI', 'Hockey', ['Professional', 'Minor League']),
  soccer: genre('sports', 'KnvZfZ7vA7E', 'Soccer', ['Professional', 'International Club']),
  wrestling: genre('sports', 'KnvZfZ7vAAk', 'Wrestling', ['Professional Wrestling']),
  motorsports: genre('sports', 'KnvZfZ7vA7k', 'Motorsports/Racing', ['Monster Trucks', 'Supercross']),
  rodeo: genre('sports', 'KnvZfZ7vAea', 'Rodeo', ['Bull Riding', 'Rodeo']),
  boxing: genre('sports', 'KnvZfZ7vAdA', 'Boxing', ['Professional Boxing']),
  // Arts & Theatre
  theatre: genre('arts', 'KnvZfZ7v7l1', 'Theatre', ['Musical', 'Drama', 'Comedy', 'Play']),
  comedy: genre('arts', 'KnvZfZ7vAe1', 'Comedy', ['Stand-Up', 'Improv', 'Sketch']),
  dance: genre('arts', 'KnvZfZ7v7nI', 'Dance', ['Ballet', 'Modern', 'Tap']),
  opera: genre('arts', 'KnvZfZ7v7lk', 'Opera', ['Opera']),
  classicalArts: genre('arts', 'KnvZfZ7v7nJ', 'Classical', ['Symphony', 'Chamber']),
  magic: genre('arts', 'KnvZfZ7v7lv', 'Magic & Illusion', ['Magic']),
  circus: genre('arts', 'KnvZfZ7v7n1', 'Circus & Specialty Acts', ['Circus', 'Acrobatics']),
  childrensTheatre: genre('arts', 'KnvZfZ7v7na', "Children's Theatre", ["Children's Theatre"]),
  // Film
  filmMusic: genre('film', 'KnvZfZ7vAkJ', 'Music', ['Film in Concert']),
  filmFamily: genre('film', 'KnvZfZ7vAkF', 'Family', ['Family Film']),
  documentary: genre('film', 'KnvZfZ7vAkk', 'Documentary', ['Documentary']),
  horror: genre('film', 'KnvZfZ7vAJk', 'Horror', ['Horror']),
  // Miscellaneous
  family: genre('misc', 'KnvZfZ7vA1n', 'Family', ['Family Show', 'Live Character Show']),
  iceShows: genre('misc', 'KnvZfZ7v7lI', 'Ice Shows', ['Ice Show']),
  fairs: genre('misc', 'KnvZfZ7vAeE', 'Fairs & Festivals', ['Fair', 'Festival']),
  expos: genre('misc', 'KnvZfZ7vAAJ', 'Hobby/Special Interest Expos', ['Expo', 'Convention']),
  foodDrink: genre('misc', 'KnvZfZ7vAAI', 'Food & Drink', ['Food Festival', 'Tasting']),
  holiday: genre('misc', 'KnvZfZ7vAAt', 'Holiday', ['Holiday Show', 'Light Show']),
  lecture: genre('misc', 'KnvZfZ7vAJe', 'Lecture/Seminar', ['Speaker Series']),
} satisfies Record<string, Genre>;

export type GenreKey = keyof typeof GENRES;

/** Rows for the classifications table: segments, genres and sub-genres. */
export function classificationRows(): {
  id: string;
  level: 'segment' | 'genre' | 'subGenre';
  name: string;
  parentId: string | null;
}[] {
  const rows: { id: string; level: 'segment' | 'genre' | 'subGenre'; name: string; parentId: string | null }[] = [];
  for (const segment of Object.values(SEGMENT_IDS))
    rows.push({ id: segment.id, level: 'segment', name: segment.name, parentId: null });
  for (const g of Object.values(GENRES) as Genre[]) {
    rows.push({ id: g.id, level: 'genre', name: g.name, parentId: SEGMENT_IDS[g.segment].id });
    for (const sub of g.subGenres) rows.push({ id: sub.id, level: 'subGenre', name: sub.name, parentId: g.id });
  }
  return rows;
}
