import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscovery, startFakeDiscovery } from '#server/catalogue/ticketmaster/fake-discovery';
import { makeDiscoveryEvents } from '#server/catalogue/ticketmaster/fixtures/catalogue';
import type { Database } from '#server/db/client';
import { apiBudget, events, ingestRuns } from '#server/db/schema';
import { createTestDatabase } from '#server/testing/test-db';
import { parseSyncArgs, syncCommand, UsageError } from './sync.ts';

let database: Database;
let fake: FakeDiscovery;
let opened = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeDiscovery({
    events: makeDiscoveryEvents({ count: 450, from: '2026-03-05T00:00:00Z', to: '2026-04-05T00:00:00Z' }),
  });
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});
beforeEach(async () => {
  opened = 0;
  fake.requests.length = 0;
  await database.db.delete(ingestRuns);
  await database.db.delete(apiBudget);
});

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await syncCommand(args, {
    env: {
      NODE_ENV: 'test',
      TICKETMASTER_API_KEY: fake.apiKey,
      TICKETMASTER_BASE_URL: fake.url,
      ...env,
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    // The command closes what it opens; the test database outlives it.
    openDatabase: async () => {
      opened += 1;
      return { ...database, close: async () => {} };
    },
  });
  return { code, out, err: err.join('\n') };
}

const WINDOW = ['--startDateTime', '2026-03-01', '--endDateTime', '2026-06-01T00:00:00Z'];

describe('npm run catalogue -- sync ticketmaster', () => {
  it('runs nothing without TICKETMASTER_API_KEY and exits 2', async () => {
    const result = await cli(['ticketmaster', '--countryCode', 'US'], { TICKETMASTER_API_KEY: '' });
    expect(result.code).toBe(2);
    expect(result.err).toContain('TICKETMASTER_API_KEY is not set: nothing was synced');
    expect(opened).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('syncs page by page with a progress line each, then a summary, and resumes after --max-pages', async () => {
    const first = await cli(['ticketmaster', '--countryCode', 'us', '--max-pages', '2', ...WINDOW]);
    expect(first.code).toBe(0);
    expect(first.out[0]).toBe(
      'Ticketmaster sync: countryCode=US startDateTime=2026-03-01T00:00:00Z endDateTime=2026-06-01T00:00:00Z · budget 5000 requests a day · at most 2 pages',
    );
    expect(first.out[1]).toMatch(
      /^run #\d+ page 1 · 2026-03-01 → 2026-06-01 page 1\/3 \(450 events\) · stored 200 events, 12 venues, 30 attractions$/,
    );
    expect(first.out[2]).toMatch(/page 2 · 2026-03-01 → 2026-06-01 page 2\/3 \(450 events\) · stored 200 events/);
    expect(first.out[3]).toMatch(
      /^run #\d+ stopped early \(resumable\): 2 pages, [\d,]+ rows upserted, 0 items skipped, 0 errors; 2 requests now, 2 of 5,000 spent today \(UTC\)$/,
    );
    expect(first.out[4]).toContain('paused after 2 pages (--max-pages)');
    expect(fake.requests[0]?.query).toMatchObject({ countryCode: 'US', size: '200', sort: 'date,asc' });

    const second = await cli(['ticketmaster', '--countryCode', 'US', ...WINDOW]);
    expect(second.code).toBe(0);
    expect(second.out.at(-1)).toMatch(/^run #\d+ \(resumed\) completed: 3 pages/);
    const stored = await database.db.select({ id: events.id }).from(events);
    expect(stored).toHaveLength(450);
    const [run] = await database.db.select().from(ingestRuns).where(eq(ingestRuns.status, 'completed'));
    expect(run).toMatchObject({ pages: 3, params: { countryCode: 'US', startDateTime: '2026-03-01T00:00:00Z' } });
  });

  it('reports an invalid key and exits 1 with the run marked failed', async () => {
    const result = await cli(['ticketmaster', ...WINDOW], { TICKETMASTER_API_KEY: 'revoked' });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'sync failed: Ticketmaster refused the API key (401 Invalid ApiKey [oauth.v2.InvalidApiKey]); check TICKETMASTER_API_KEY',
    );
    const [run] = await database.db.select().from(ingestRuns);
    expect(run?.status).toBe('failed');
  });

  it('exits 75 when the daily budget is spent, saying how to continue', async () => {
    const result = await cli(['ticketmaster', ...WINDOW, '--restart'], { TICKETMASTER_DAILY_BUDGET: '1' });
    expect(result.code).toBe(75);
    expect(result.out.join('\n')).toContain('the daily Ticketmaster budget of 1 requests is spent');
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses bad usage with exit code 2 and says what is wrong', async () => {
    const cases: [string[], string][] = [
      [[], 'missing source'],
      [['seatgeek'], 'unknown source "seatgeek": only ticketmaster can be synced'],
      [['ticketmaster', '--colour', 'red'], 'unknown option --colour'],
      [['ticketmaster', '--unit', 'feet'], '--unit must be one of miles, km'],
      [['ticketmaster', '--countryCode', 'USA'], '--countryCode must be a two-letter country code'],
      [['ticketmaster', '--max-pages', '0'], '--max-pages must be at least 1'],
      [['ticketmaster', '--max-pages'], '--max-pages needs a value'],
      [['ticketmaster', '--startDateTime', 'next tuesday'], '--startDateTime must be an ISO date or date-time'],
      [
        ['ticketmaster', '--startDateTime', '2026-05-01', '--endDateTime', '2026-04-01'],
        '--endDateTime must be after --startDateTime',
      ],
      [['ticketmaster', '--endDateTime', '2001-01-01'], '--endDateTime must be in the future'],
      [['ticketmaster', '--radius', '25'], '--radius needs --latlong, --geoPoint, --postalCode or --city'],
      [['ticketmaster', '--source', 'ticketmaster,eventim'], '--source must be one or more of ticketmaster'],
      [['ticketmaster', 'US'], 'unexpected argument "US"'],
    ];
    for (const [args, message] of cases) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain(message);
      expect(result.err).toContain('usage: npm run catalogue -- sync ticketmaster');
    }
    expect(opened).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('reads every Discovery filter, in both --flag value and --flag=value forms', () => {
    expect(
      parseSyncArgs([
        'ticketmaster',
        '--countryCode=gb',
        '--stateCode',
        'IL',
        '--city',
        'Chicago',
        '--latlong',
        '41.8807,-87.6742',
        '--radius',
        '50',
        '--unit',
        'km',
        '--geoPoint',
        'dp3wn',
        '--classificationName',
        'rock',
        '--segmentId',
        'KZFzniwnSyZfZ7v7nJ',
        '--keyword',
        'jazz trio',
        '--source',
        'ticketmaster,tmr',
        '--startDateTime',
        '2026-03-01T12:00:00+01:00',
        '--restart',
      ]),
    ).toEqual({
      countryCode: 'GB',
      stateCode: 'IL',
      city: 'Chicago',
      latlong: '41.8807,-87.6742',
      radius: '50',
      unit: 'km',
      geoPoint: 'dp3wn',
      classificationName: 'rock',
      segmentId: 'KZFzniwnSyZfZ7v7nJ',
      keyword: 'jazz trio',
      source: 'ticketmaster,tmr',
      startDateTime: '2026-03-01T11:00:00Z',
      restart: true,
    });
    expect(() => parseSyncArgs(['ticketmaster', '--latlong', '91,0'])).toThrow(UsageError);
  });
});
