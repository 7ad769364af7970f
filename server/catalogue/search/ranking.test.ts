import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { loadDemoCatalogue } from '../demo/load.ts';
import { eventFilters } from '../event-filters.ts';
import { type TextQuery, textQuery } from '../queries.ts';
import { CANDIDATES, type SearchIndex, searchIndexFor } from './index.ts';

// The snapshot reads candidates through word postings and names sorted by text (ADR 0010).
// Here every row is read instead, with ADR 0003's rules written out plainly, over a demo
// catalogue and every prefix a visitor types of a few hundred of its names.

const now = new Date();
/** No filter but the default one: upcoming events. */
const upcoming = eventFilters({}, now);
let database: Database;
let index: SearchIndex;
type Row = { id: string; text: string; popularity: number };
let attractions: Row[];
let events: Array<Row & { venue: string | null; lineUp: string[] }>;
let prefixes: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoCatalogue(database.db, { events: 3000, seed: 7, now });
  index = await searchIndexFor(database.db);
  const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];
  attractions = await rows<Row>(
    sql`select id, search_text as text, popularity from attractions order by popularity desc, id collate "C"`,
  );
  events = await rows(
    sql`select e.id, e.search_text as text, e.popularity, v.search_text as venue,
      coalesce((select array_agg(a.search_text) from event_attractions ea join attractions a on a.id = ea.attraction_id
        where ea.event_id = e.id), '{}') as "lineUp"
      from events e left join venues v on v.id = e.venue_id`,
  );
  const names = [...attractions.slice(0, 150), ...events.slice(0, 150)].map((row) => row.text);
  const typed = new Set<string>();
  for (const name of names) {
    for (let length = 1; length <= name.length; length++) typed.add(name.slice(0, length).trim());
  }
  prefixes = [...typed].filter(Boolean);
}, 60_000);
afterAll(async () => {
  await database.close();
});

const holdsEvery = (text: string, q: TextQuery) =>
  q.words.every((word) => text.startsWith(word) || text.includes(` ${word}`));

/** ADR 0003 for artists: the 20 most popular of each way of matching, then score, name, id. */
function expectedAttractions(q: TextQuery, size: number): string[] {
  const ways = [
    (row: Row) => row.text === q.text,
    (row: Row) => row.text.startsWith(q.text),
    (row: Row) => holdsEvery(row.text, q),
  ];
  const candidates = new Set(ways.flatMap((way) => attractions.filter(way).slice(0, CANDIDATES)));
  const score = (row: Row) =>
    (row.text === q.text ? 1 : row.text.startsWith(q.text) ? 0.6 : 0) +
    Math.min(Math.max(row.popularity, 0), 100) / 100;
  return [...candidates]
    .sort(
      (a, b) =>
        score(b) - score(a) || (a.text < b.text ? -1 : a.text > b.text ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, size)
    .map((row) => row.id);
}

describe('search ranking over a demo catalogue (ADR 0003, ADR 0010)', () => {
  it('types enough prefixes to mean something', () => {
    expect(attractions.length).toBeGreaterThan(300);
    expect(prefixes.length).toBeGreaterThan(2000);
  });

  it('answers the artists reading every row would, for every typed prefix', () => {
    const wrong: string[] = [];
    for (const prefix of prefixes) {
      const q = textQuery(prefix)!;
      const picked = index.search({}, upcoming, q, 10).attractions;
      if (JSON.stringify(picked) !== JSON.stringify(expectedAttractions(q, 10))) wrong.push(prefix);
    }
    expect(wrong).toEqual([]);
  });

  it("finds every upcoming event by its name, its venue's or an act's, for every typed prefix", () => {
    const kept = new Set(index.filteredIds(upcoming));
    const wrong: string[] = [];
    let found = 0;
    for (const prefix of prefixes) {
      const q = textQuery(prefix)!;
      const expected = events
        .filter(
          (e) =>
            kept.has(e.id) &&
            (holdsEvery(e.text, q) ||
              (e.venue !== null && holdsEvery(e.venue, q)) ||
              e.lineUp.some((a) => holdsEvery(a, q))),
        )
        .map((e) => e.id)
        .sort();
      const actual = index.keywordPage(upcoming, q, events.length + 1, 'relevance,desc', 0, events.length)?.ids.sort();
      found += expected.length;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(prefix);
    }
    expect(found).toBeGreaterThan(prefixes.length);
    expect(wrong).toEqual([]);
    // Every prefix against every event, read row by row: about 20 s of CPU on a busy 2-core runner.
  }, 60_000);
});
