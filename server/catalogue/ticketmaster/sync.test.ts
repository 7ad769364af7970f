import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  apiBudget,
  attractions,
  classifications,
  eventAttractions,
  events,
  ingestRuns,
  venues,
} from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { virtualClock } from './clock.ts';
import { type FakeDiscovery, quotaViolation, startFakeDiscovery } from './fake-discovery.ts';
import { makeDiscoveryEvents } from './fixtures/catalogue.ts';
import { SyncConflictError, type SyncOptions, type SyncProgress, syncTicketmaster } from './sync.ts';

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Json;
const fixtureEvents = (name: string) => (fixture(name)._embedded as { events: unknown[] }).events;

const WINDOW = { startDateTime: '2026-03-01T00:00:00Z', endDateTime: '2026-12-31T23:59:59Z' };
/**
 * Discovery at a tenth of its scale: pages of 20 and a paging depth of 100 instead of 200 and
 * 1000. Paging, window splitting and resuming run the same code with a tenth of the events to
 * write, which is where this file's time goes (windows.test.ts checks the real depth).
 */
const SCALE = { pageSize: 20, pagingDepth: 100 };

let database: Database;
let fake: FakeDiscovery;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeDiscovery({ depth: SCALE.pagingDepth });
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  fake.intercept = undefined;
  fake.events = [];
  const { db } = database;
  await db.delete(eventAttractions);
  await db.delete(events);
  await db.delete(venues);
  await db.delete(attractions);
  await db.delete(classifications);
  await db.delete(ingestRuns);
  await db.delete(apiBudget);
});

function sync(overrides: Partial<SyncOptions> = {}) {
  return syncTicketmaster({
    db: database.db,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    dailyBudget: 5000,
    clock: virtualClock('2026-03-01T00:00:00Z'),
    filters: WINDOW,
    ...SCALE,
    ...overrides,
  });
}

async function count(table: typeof events | typeof venues | typeof attractions | typeof classifications) {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

async function catalogueCounts() {
  const [links] = await database.db.select({ n: sql<number>`count(*)::int` }).from(eventAttractions);
  return {
    events: await count(events),
    venues: await count(venues),
    attractions: await count(attractions),
    classifications: await count(classifications),
    links: links!.n,
  };
}

const runRow = async (id: number) => (await database.db.select().from(ingestRuns).where(eq(ingestRuns.id, id)))[0]!;

describe('syncTicketmaster', () => {
  it('stores events, venues, attractions and classifications as Discovery describes them', async () => {
    fake.events = [
      ...fixtureEvents('events-page.json'),
      ...fixtureEvents('awkward-events.json'),
      ...makeDiscoveryEvents({ count: 30, from: '2026-04-01T00:00:00Z', to: '2026-07-01T00:00:00Z' }),
    ];
    const progress: SyncProgress[] = [];
    const result = await sync({ onProgress: (p) => progress.push(p) });

    expect(result).toMatchObject({ status: 'completed', resumed: false, pages: 3, skips: 5, errors: 0 });
    expect(result.skipReasons).toEqual({
      'event: id is missing': 1,
      'event: name is not text': 1,
      'event: test event': 1,
      'venue: venue name is missing': 1,
      'attraction: attraction id is missing': 1,
    });
    expect(
      progress.filter((p) => p.kind === 'page').map((p) => p.kind === 'page' && [p.page, p.totalElements]),
    ).toEqual([
      [0, 43],
      [1, 43],
      [2, 43],
    ]);
    // Of the 43 matching items, 4 are skipped (the duplicate is stored once) and the TBA-dated
    // event matches no date window: 3 complete + 6 awkward + 30 generated.
    expect(await count(events)).toBe(39);

    const [concert] = await database.db.select().from(events).where(eq(events.id, 'vvG1fZ94mYkL2Q'));
    expect(concert).toMatchObject({
      source: 'ticketmaster',
      sourceId: 'vvG1fZ94mYkL2Q',
      name: 'The Midnight Parade: Lanterns Tour',
      localDate: '2026-03-14',
      localTime: '19:30:00',
      startsAt: new Date('2026-03-15T00:30:00Z'),
      statusCode: 'onsale',
      venueId: 'KovZpZAE6eeA',
      latitude: 41.8807,
      longitude: -87.6742,
      countryCode: 'US',
      priceMin: 45.5,
      priceMax: 250,
      currency: 'USD',
      genreId: 'KnvZfZ7vAeA',
    });
    const [game] = await database.db.select().from(events).where(eq(events.id, 'Z7r9jZ1A7u8Fb'));
    expect(game?.statusCode).toBe('cancelled');
    const [festival] = await database.db.select().from(events).where(eq(events.id, 'Z7r9jZ1AdqkQ7'));
    expect(festival).toMatchObject({ localTime: null, priceMin: null, priceMax: null });

    const [venue] = await database.db.select().from(venues).where(eq(venues.id, 'KovZpZAE6eeA'));
    expect(venue).toMatchObject({
      name: 'Union Park Theatre',
      city: 'Chicago',
      stateCode: 'IL',
      countryCode: 'US',
      latitude: 41.8807,
      longitude: -87.6742,
      searchText: 'union park theatre',
      upcomingEvents: 1,
    });
    const lineup = await database.db
      .select({ name: attractions.name, position: eventAttractions.position, upcoming: attractions.upcomingEvents })
      .from(eventAttractions)
      .innerJoin(attractions, eq(attractions.id, eventAttractions.attractionId))
      .where(eq(eventAttractions.eventId, 'vvG1fZ94mYkL2Q'))
      .orderBy(asc(eventAttractions.position));
    // upcoming_events comes from refreshUpcomingCounts after the sync.
    expect(lineup).toEqual([
      { name: 'The Midnight Parade', position: 0, upcoming: 1 },
      { name: 'Harbor Lights', position: 1, upcoming: 1 },
    ]);
    const genres = await database.db.select().from(classifications).where(eq(classifications.level, 'genre'));
    expect(genres.map((g) => g.name).sort()).toEqual([
      'Basketball',
      'Comedy',
      'Dance/Electronic',
      'Jazz',
      'Rock',
      'Theatre',
    ]);

    const run = await runRow(result.runId);
    expect(run).toMatchObject({ status: 'completed', cursor: null, pages: 3, skips: 5, errors: 0, lastError: null });
    expect(run.upserts).toBe(result.upserts);
    expect(run.finishedAt).not.toBeNull();
  });

  it('asks Discovery with the filters, date window, sort and page size', async () => {
    fake.events = makeDiscoveryEvents({ count: 5, from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' });
    await sync({
      filters: { ...WINDOW, countryCode: 'US', keyword: 'live', classificationName: 'music' },
      pageSize: undefined, // the production page size
    });
    expect(fake.requests[0]?.query).toEqual({
      apikey: fake.apiKey,
      countryCode: 'US',
      classificationName: 'music',
      keyword: 'live',
      startDateTime: '2026-03-01T00:00:00Z',
      endDateTime: '2026-12-31T23:59:59Z',
      size: '200',
      page: '0',
      sort: 'date,asc',
    });
  });

  it('is idempotent and picks up changed fields on the next sync', async () => {
    const dataset = [
      ...fixtureEvents('events-page.json'),
      ...makeDiscoveryEvents({ count: 25, from: '2026-04-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }),
    ] as Json[];
    fake.events = dataset;
    const first = await sync();
    const before = await catalogueCounts();
    const second = await sync();
    expect(second.runId).not.toBe(first.runId);
    expect(second).toMatchObject({ status: 'completed', resumed: false, pages: first.pages, upserts: first.upserts });
    expect(await catalogueCounts()).toEqual(before);

    // Discovery changes its mind: the concert is cancelled, prices move, the game loses a team.
    const concert = structuredClone(dataset[0]!) as Json & { dates: Json; priceRanges: Json[] };
    concert.dates = { ...concert.dates, status: { code: 'canceled' } };
    concert.priceRanges = [{ type: 'standard', currency: 'USD', min: 39, max: 199 }];
    const game = structuredClone(dataset[1]!) as Json & { _embedded: { attractions: unknown[] } };
    game._embedded.attractions = game._embedded.attractions.slice(0, 1);
    fake.events = [concert, game, ...dataset.slice(2)];
    await sync();

    const [updated] = await database.db.select().from(events).where(eq(events.id, 'vvG1fZ94mYkL2Q'));
    expect(updated).toMatchObject({ statusCode: 'cancelled', priceMin: 39, priceMax: 199 });
    const gameLinks = await database.db
      .select()
      .from(eventAttractions)
      .where(eq(eventAttractions.eventId, 'Z7r9jZ1A7u8Fb'));
    expect(gameLinks.map((l) => l.attractionId)).toEqual(['K8vZ91718T0']);
    expect(await catalogueCounts()).toEqual({ ...before, links: before.links - 1 });
  });

  it('halves date windows holding more events than the paging depth and never pages past it', async () => {
    fake.events = [
      ...makeDiscoveryEvents({ count: 260, from: '2026-03-01T00:00:00Z', to: '2026-05-01T00:00:00Z', prefix: 'Ab' }),
      ...makeDiscoveryEvents({ count: 15, from: '2026-09-01T00:00:00Z', to: '2026-10-01T00:00:00Z', prefix: 'Cd' }),
    ];
    const splits: SyncProgress[] = [];
    const result = await sync({ onProgress: (p) => p.kind === 'split' && splits.push(p) });

    expect(result).toMatchObject({ status: 'completed', skips: 0 });
    expect(await count(events)).toBe(275);
    expect(splits.length).toBeGreaterThanOrEqual(3);
    for (const request of fake.requests) {
      expect(Number(request.query.page) * Number(request.query.size)).toBeLessThan(SCALE.pagingDepth);
    }
    // Only windows over the depth were split, and the split windows were all asked for.
    expect(splits.every((s) => s.kind === 'split' && s.totalElements > SCALE.pagingDepth)).toBe(true);
    const windows = new Set(fake.requests.map((r) => `${r.query.startDateTime}/${r.query.endDateTime}`));
    expect(windows.size).toBe(2 * splits.length + 1);
  });

  it('keeps what the paging depth reaches of a window that cannot be split and counts the rest as skipped', async () => {
    fake.events = makeDiscoveryEvents({ count: 110, from: '2026-03-10T20:00:00Z', to: '2026-03-10T20:00:00Z' });
    const result = await sync({
      filters: { startDateTime: '2026-03-10T00:00:00Z', endDateTime: '2026-03-11T00:00:00Z' },
    });
    // All 110 start in the same second, which ends up as the boundary two one-second windows
    // share: each of them serves the same first 100 and reports the same 10 out of reach.
    expect(result).toMatchObject({ status: 'completed', skips: 20 });
    expect(result.skipReasons).toEqual({
      'event: beyond the 100-item paging depth of a window that cannot be split': 20,
    });
    expect(await count(events)).toBe(100);
    for (const request of fake.requests) {
      expect(Number(request.query.page) * Number(request.query.size)).toBeLessThan(SCALE.pagingDepth);
    }
  });

  it('pauses after --max-pages and the next sync resumes the same run where it stopped', async () => {
    fake.events = makeDiscoveryEvents({ count: 70, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const paused = await sync({ maxPages: 2 });
    expect(paused).toMatchObject({ status: 'interrupted', stopReason: 'max_pages', pages: 2 });
    expect(paused.lastError).toContain('paused after 2 pages');
    expect(await count(events)).toBe(40);

    fake.requests.length = 0;
    const resumed = await sync();
    expect(resumed).toMatchObject({ runId: paused.runId, status: 'completed', resumed: true, pages: 4 });
    expect(fake.requests.map((r) => r.query.page)).toEqual(['2', '3']);
    expect(await count(events)).toBe(70);
  });

  it('resumes after the server failed midway, ending with the same catalogue as a clean run', async () => {
    fake.events = makeDiscoveryEvents({ count: 70, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const clean = await sync();
    const cleanCounts = await catalogueCounts();
    await database.db.delete(eventAttractions);
    await database.db.delete(events);
    await database.db.delete(venues);
    await database.db.delete(attractions);
    await database.db.delete(classifications);

    // After two pages the upstream breaks down for good.
    const servedBefore = fake.pagesServed;
    fake.intercept = () =>
      fake.pagesServed >= servedBefore + 2 ? { status: 502, body: '<html>Bad Gateway</html>' } : undefined;
    const crashed = await sync({ client: { retries: 2 } });
    expect(crashed).toMatchObject({ status: 'failed', stopReason: 'unavailable', pages: 2 });
    expect(crashed.lastError).toContain('502 <html>Bad Gateway</html>');
    expect((await runRow(crashed.runId)).cursor).toMatchObject({ page: 2 });

    fake.intercept = undefined;
    fake.requests.length = 0;
    const resumed = await sync();
    expect(resumed).toMatchObject({ runId: crashed.runId, status: 'completed', resumed: true });
    expect(fake.requests[0]?.query.page).toBe('2');
    expect(await catalogueCounts()).toEqual(cleanCounts);
    expect(resumed.pages).toBe(clean.pages);
    expect(resumed.upserts).toBe(clean.upserts);
    // 2 retries + the final failure.
    expect(resumed.errors).toBe(3);
  });

  it('stops on an abort signal between pages and resumes from the stored cursor', async () => {
    fake.events = makeDiscoveryEvents({ count: 50, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const controller = new AbortController();
    const stopped = await sync({
      signal: controller.signal,
      onProgress: (p) => p.kind === 'page' && controller.abort('SIGINT'),
    });
    expect(stopped).toMatchObject({ status: 'interrupted', stopReason: 'aborted', pages: 1 });
    expect(stopped.lastError).toBe('interrupted (SIGINT); the next sync with the same filters resumes here');

    const resumed = await sync();
    expect(resumed).toMatchObject({ runId: stopped.runId, status: 'completed', pages: 3 });
    expect(await count(events)).toBe(50);
  });

  it('takes over a run left "running" by a process that died, and refuses to race a live one', async () => {
    fake.events = makeDiscoveryEvents({ count: 50, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const clock = virtualClock('2026-03-01T00:00:00Z');
    const first = await sync({ clock, maxPages: 1 });
    const cursor = (await runRow(first.runId)).cursor as Json;

    // Another machine ran it a minute ago: alive.
    await database.db
      .update(ingestRuns)
      .set({
        status: 'running',
        cursor: {
          ...cursor,
          owner: { host: 'other-host', pid: 4242, token: 'x' },
          heartbeatAt: new Date(clock.now()).toISOString(),
        },
      })
      .where(eq(ingestRuns.id, first.runId));
    await expect(sync({ clock })).rejects.toThrow(SyncConflictError);
    await expect(sync({ clock })).rejects.toThrow(
      /run #\d+ with the same filters is still running by pid 4242 on other-host/,
    );

    // Silent for longer than the stale limit: dead.
    await clock.sleep(6 * 60_000);
    const takenOver = await sync({ clock, maxPages: 1 });
    expect(takenOver).toMatchObject({ runId: first.runId, resumed: true, pages: 2 });

    // On this host, a process that no longer exists is dead at once.
    const exited = spawnSync(process.execPath, ['-e', '']);
    expect(exited.status).toBe(0);
    await database.db
      .update(ingestRuns)
      .set({
        status: 'running',
        cursor: {
          ...((await runRow(first.runId)).cursor as Json),
          owner: { host: os.hostname(), pid: exited.pid, token: 'y' },
          heartbeatAt: new Date(clock.now()).toISOString(),
        },
      })
      .where(eq(ingestRuns.id, first.runId));
    const finished = await sync({ clock });
    expect(finished).toMatchObject({ runId: first.runId, status: 'completed', pages: 3 });
    expect(await count(events)).toBe(50);
  });

  it('completes a run whose process died right after its last page', async () => {
    fake.events = makeDiscoveryEvents({ count: 30, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const clock = virtualClock('2026-03-01T00:00:00Z');
    const done = await sync({ clock });
    // As the dying process left it: last page stored, cursor exhausted, never marked completed,
    // upcoming counts not refreshed.
    await database.db
      .update(ingestRuns)
      .set({
        status: 'running',
        finishedAt: null,
        cursor: {
          windows: [],
          page: 0,
          owner: { host: os.hostname(), pid: 999_999_999, token: 'z' },
          heartbeatAt: new Date(clock.now()).toISOString(),
        },
      })
      .where(eq(ingestRuns.id, done.runId));
    await database.db.update(attractions).set({ upcomingEvents: 0 });
    fake.requests.length = 0;

    const result = await sync({ clock });
    expect(result).toMatchObject({ runId: done.runId, resumed: true, status: 'completed', pages: 2, requests: 0 });
    expect(fake.requests).toHaveLength(0);
    const [busiest] = await database.db
      .select({ upcoming: attractions.upcomingEvents })
      .from(attractions)
      .orderBy(sql`${attractions.upcomingEvents} desc`)
      .limit(1);
    expect(busiest?.upcoming).toBeGreaterThan(0);
  });

  it('starts afresh with restart and marks the abandoned run superseded', async () => {
    fake.events = makeDiscoveryEvents({ count: 50, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const paused = await sync({ maxPages: 1 });
    fake.requests.length = 0;
    const restarted = await sync({ restart: true });
    expect(restarted).toMatchObject({ status: 'completed', resumed: false, pages: 3 });
    expect(restarted.runId).not.toBe(paused.runId);
    expect(fake.requests[0]?.query.page).toBe('0');
    expect(await runRow(paused.runId)).toMatchObject({
      status: 'interrupted',
      lastError: `superseded by run #${restarted.runId} (--restart)`,
    });
  });

  it('stops with a clear message when the daily budget is spent, and resumes the next day', async () => {
    fake.events = makeDiscoveryEvents({ count: 70, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const clock = virtualClock('2026-03-01T10:00:00Z');
    const stopped = await sync({ clock, dailyBudget: 2 });
    expect(stopped).toMatchObject({ status: 'interrupted', stopReason: 'budget_exhausted', pages: 2, requests: 2 });
    expect(stopped.lastError).toBe(
      'the daily Ticketmaster budget of 2 requests is spent for 2026-03-01 (UTC); run the same command after midnight UTC to resume, or raise TICKETMASTER_DAILY_BUDGET',
    );
    expect(fake.requests).toHaveLength(2);

    await clock.sleep(24 * 3600_000);
    const resumed = await sync({ clock, dailyBudget: 2 });
    expect(resumed).toMatchObject({ runId: stopped.runId, status: 'completed', pages: 4 });
    expect(await count(events)).toBe(70);
  });

  it('waits out a 429 and carries on, counting the error', async () => {
    fake.events = makeDiscoveryEvents({ count: 30, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const clock = virtualClock('2026-03-01T10:00:00Z');
    fake.intercept = (_r, index) => (index === 1 ? quotaViolation(clock.now() + 2000) : undefined);
    const result = await sync({ clock });
    expect(result).toMatchObject({ status: 'completed', pages: 2, errors: 1, requests: 3 });
    expect(clock.slept).toContain(2050);
  });

  it('fails the run with a clear message on an invalid key', async () => {
    fake.events = makeDiscoveryEvents({ count: 10, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    const result = await sync({ apiKey: 'not-the-key' });
    expect(result).toMatchObject({
      status: 'failed',
      stopReason: 'invalid_api_key',
      pages: 0,
      errors: 1,
      lastError:
        'Ticketmaster refused the API key (401 Invalid ApiKey [oauth.v2.InvalidApiKey]); check TICKETMASTER_API_KEY',
    });
    expect(await runRow(result.runId)).toMatchObject({ status: 'failed', lastError: result.lastError });
    expect(await count(events)).toBe(0);
  });

  it('fails the run, without crashing, on a page that is not an events page', async () => {
    fake.intercept = () => ({ status: 200, body: { _embedded: { events: 'soon' }, page: { size: 200 } } });
    const result = await sync();
    expect(result).toMatchObject({
      status: 'failed',
      stopReason: 'malformed_page',
      lastError: 'Ticketmaster sent an unreadable page: `_embedded.events` is not a list',
    });
  });

  it('completes an empty result at once', async () => {
    const result = await sync({ filters: { ...WINDOW, countryCode: 'AD' } });
    expect(result).toMatchObject({ status: 'completed', pages: 1, upserts: 0, requests: 1 });
  });
});
