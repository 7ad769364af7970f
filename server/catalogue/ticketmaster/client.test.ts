import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { apiBudget } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { budgetDay, spentOn } from './budget.ts';
import { BUDGET_SOURCE, DiscoveryClient, type DiscoveryClientOptions, DiscoveryError, parseReset } from './client.ts';
import { systemClock, virtualClock } from './clock.ts';
import { type FakeDiscovery, quotaViolation, startFakeDiscovery } from './fake-discovery.ts';
import { makeDiscoveryEvents } from './fixtures/catalogue.ts';
import { DISCOVERY_RATE_LIMIT } from './rate-limiter.ts';

let database: Database;
let fake: FakeDiscovery;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeDiscovery({
    events: makeDiscoveryEvents({ count: 30, from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' }),
  });
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  fake.intercept = undefined;
  await database.db.delete(apiBudget);
});

function client(overrides: Partial<DiscoveryClientOptions> = {}) {
  return new DiscoveryClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    db: database.db,
    dailyBudget: 5000,
    clock: virtualClock('2026-03-01T12:00:00Z'),
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<DiscoveryError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DiscoveryError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Most requests that arrived within any `ms` window. */
function busiest(times: number[], ms: number): number {
  return Math.max(0, ...times.map((s) => times.filter((t) => t >= s && t < s + ms).length));
}

describe('DiscoveryClient', () => {
  it('sends the key and the query and returns the page', async () => {
    const body = (await client().getEvents({ countryCode: 'US', size: 10, page: 1, keyword: undefined })) as {
      page: { number: number; size: number; totalElements: number };
      _embedded: { events: unknown[] };
    };
    expect(body.page).toEqual({ size: 10, totalElements: 30, totalPages: 3, number: 1 });
    expect(body._embedded.events).toHaveLength(10);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/discovery/v2/events.json',
      query: { apikey: fake.apiKey, countryCode: 'US', size: '10', page: '1' },
    });
    expect(fake.requests[0]!.query).not.toHaveProperty('keyword');
  });

  it('paces real requests at no more than 5 in any second, as the server sees them', async () => {
    const strict = await startFakeDiscovery({ rateLimit: { limit: 5, intervalMs: 1000 } });
    try {
      const paced = new DiscoveryClient({
        baseUrl: strict.url,
        apiKey: strict.apiKey,
        db: database.db,
        dailyBudget: 5000,
        clock: systemClock,
        rateLimit: DISCOVERY_RATE_LIMIT,
      });
      const started = performance.now();
      for (let i = 0; i < 11; i++) await paced.getEvents({ size: 1 });
      const elapsed = performance.now() - started;
      const arrivals = strict.requests.map((r) => r.at);
      // The strict fake answers 429 to a sixth request within a second: none was needed.
      expect(arrivals).toHaveLength(11);
      expect(busiest(arrivals, 1000)).toBeLessThanOrEqual(5);
      expect(elapsed).toBeGreaterThanOrEqual(2000);
    } finally {
      await strict.close();
    }
  });

  it('on 429 waits until Rate-Limit-Reset, then retries', async () => {
    const clock = virtualClock('2026-03-01T12:00:00Z');
    const resetAt = clock.now() + 3000;
    fake.intercept = (_request, index) => (index === 0 ? quotaViolation(resetAt) : undefined);
    const retries: number[] = [];
    const body = (await client({ clock, onRetry: (n) => retries.push(n.waitMs) }).getEvents({ size: 5 })) as {
      page: { size: number };
    };
    expect(body.page.size).toBe(5);
    expect(fake.requests).toHaveLength(2);
    // Retried no earlier than the reset time.
    expect(clock.now()).toBeGreaterThanOrEqual(resetAt);
    expect(retries).toEqual([3050]);
    // Both attempts were spent from the budget.
    expect(await spentOn(database.db, BUDGET_SOURCE, budgetDay(clock.now()))).toBe(2);
  });

  it('backs off and retries a 429 without a reset header', async () => {
    fake.intercept = (_r, index) =>
      index < 2 ? { status: 429, body: { fault: { faultstring: 'Spike arrest violation' } } } : undefined;
    const clock = virtualClock();
    await client({ clock, retryBaseMs: 500 }).getEvents({ size: 1 });
    expect(fake.requests).toHaveLength(3);
    expect(clock.slept).toEqual([500, 1000]);
  });

  it('gives up with quota_exceeded when the reset is further away than it will wait', async () => {
    const clock = virtualClock('2026-03-01T12:00:00Z');
    fake.intercept = () => quotaViolation(clock.now() + 6 * 3600_000);
    const error = await failure(client({ clock }).getEvents({ size: 1 }));
    expect(error.code).toBe('quota_exceeded');
    expect(error.message).toContain('until 2026-03-01T18:00:00.000Z');
    expect(error.message).toContain('Rate limit quota violation');
    expect(fake.requests).toHaveLength(1);
  });

  it('reads Rate-Limit-Reset as epoch milliseconds', () => {
    expect(parseReset('1772366400000')).toBe(1772366400000);
    expect(parseReset('1772366400')).toBe(1772366400000);
    expect(parseReset('soon')).toBeUndefined();
    expect(parseReset(null)).toBeUndefined();
  });

  it('reports an invalid key clearly and does not retry', async () => {
    const error = await failure(client({ apiKey: 'wrong-key' }).getEvents({ size: 1 }));
    expect(error.code).toBe('invalid_api_key');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Ticketmaster refused the API key (401 Invalid ApiKey [oauth.v2.InvalidApiKey]); check TICKETMASTER_API_KEY',
    );
    expect(error.message).not.toContain('wrong-key');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries server errors and dropped connections with a doubling back-off', async () => {
    fake.intercept = (_r, index) => {
      if (index === 0)
        return { status: 503, body: { fault: { faultstring: 'The Service is temporarily unavailable' } } };
      if (index === 1) return 'hang-up';
      return undefined;
    };
    const clock = virtualClock();
    const reasons: string[] = [];
    await client({ clock, onRetry: (n) => reasons.push(n.reason) }).getEvents({ size: 1 });
    expect(fake.requests).toHaveLength(3);
    expect(clock.slept).toEqual([1000, 2000]);
    expect(reasons[0]).toBe('503 The Service is temporarily unavailable');
    expect(reasons[1]).toMatch(/^network error/);
  });

  it('fails with unavailable when errors persist', async () => {
    fake.intercept = () => ({ status: 500, body: 'upstream exploded' });
    const error = await failure(client({ retries: 2 }).getEvents({ size: 1 }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('after 3 tries: 500 upstream exploded');
    expect(fake.requests).toHaveLength(3);
  });

  it("passes Discovery's refusal of deep paging on as a bad request", async () => {
    const error = await failure(client().getEvents({ size: 200, page: 5 }));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('Max paging depth exceeded');
  });

  it('stops before sending anything once the daily budget is spent', async () => {
    const c = client({ dailyBudget: 3 });
    for (let i = 0; i < 3; i++) await c.getEvents({ size: 1 });
    const error = await failure(c.getEvents({ size: 1 }));
    expect(error.code).toBe('budget_exhausted');
    expect(error.message).toBe(
      'the daily Ticketmaster budget of 3 requests is spent for 2026-03-01 (UTC); run the same command after midnight UTC to resume, or raise TICKETMASTER_DAILY_BUDGET',
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('shares the budget between concurrent clients and never overshoots it', async () => {
    const clock = virtualClock('2026-03-01T12:00:00Z');
    const a = client({ dailyBudget: 7, clock });
    const b = client({ dailyBudget: 7, clock });
    const calls = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).getEvents({ size: 1 }));
    const results = await Promise.allSettled(calls);
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as DiscoveryError).code === 'budget_exhausted',
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(refused).toHaveLength(5);
    expect(fake.requests).toHaveLength(7);
    expect(a.requests + b.requests).toBe(7);
    expect(await spentOn(database.db, BUDGET_SOURCE, '2026-03-01')).toBe(7);
  });

  it('starts a fresh budget on the next UTC day', async () => {
    const clock = virtualClock('2026-03-01T23:59:59Z');
    const c = client({ dailyBudget: 1, clock });
    await c.getEvents({ size: 1 });
    expect((await failure(c.getEvents({ size: 1 }))).code).toBe('budget_exhausted');
    await clock.sleep(2000);
    await c.getEvents({ size: 1 });
    expect(await spentOn(database.db, BUDGET_SOURCE, '2026-03-02')).toBe(1);
  });
});
