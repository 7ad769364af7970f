import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../catalogue/ticketmaster/clock.ts';
import { type FakeDiscovery, startFakeDiscovery } from '../catalogue/ticketmaster/fake-discovery.ts';
import { makeDiscoveryEvents } from '../catalogue/ticketmaster/fixtures/catalogue.ts';
import { syncTicketmaster } from '../catalogue/ticketmaster/sync.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { evaluateAlerts, listAlerts } from './alerts.ts';
import { rows } from './sql.ts';
import { insertAccount } from './testing/fixtures.ts';
import { putWatch } from './watches.ts';

let database: Database;
let fake: FakeDiscovery;
// Upcoming on the real clock, so the alert evaluation (which skips past events) sees them.
const DAY = 24 * 60 * 60 * 1000;
const isoSeconds = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
const NOW = Math.floor(Date.now() / DAY) * DAY;
const WINDOW = { startDateTime: isoSeconds(NOW), endDateTime: isoSeconds(NOW + 365 * DAY) };

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeDiscovery();
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const sync = () =>
  syncTicketmaster({
    db: database.db,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    dailyBudget: 5000,
    clock: virtualClock(WINDOW.startDateTime),
    filters: WINDOW,
  });

const observationCounts = async () =>
  Object.fromEntries(
    (
      await rows<{ event_id: string; n: number }>(
        database.db,
        sql`select event_id, count(*)::int as n from event_observations group by event_id`,
      )
    ).map((r) => [r.event_id, r.n]),
  );

describe('a Ticketmaster sync', () => {
  it('records an observation per event, then only for events whose price or status changed', async () => {
    const discovery = makeDiscoveryEvents({
      count: 6,
      from: isoSeconds(NOW + 30 * DAY),
      to: isoSeconds(NOW + 60 * DAY),
    });
    fake.events = discovery;
    expect((await sync()).status).toBe('completed');
    const first = await observationCounts();
    expect(Object.keys(first)).toHaveLength(6);
    expect(Object.values(first).every((n) => n === 1)).toBe(true);

    const [changed, cancelled] = discovery as Array<Record<string, unknown>>;
    const changedId = String(changed!.id);
    (changed!.priceRanges as Array<{ min: number; max: number }>)[0]!.min = 1;
    (cancelled!.dates as { status: { code: string } }).status.code = 'cancelled';
    expect((await sync()).status).toBe('completed');
    const second = await observationCounts();
    expect(second[changedId]).toBe(2);
    expect(second[String(cancelled!.id)]).toBe(2);
    expect(Object.values(second).reduce((a, b) => a + b, 0)).toBe(8);
  });

  it('feeds the alerts: a synced price at or below a watched target alerts the fan', async () => {
    const [found] = await rows<{ id: string; price_min: number }>(
      database.db,
      sql`select id, price_min::float8 as price_min from events where starts_at > now() and status_code = 'onsale'
        and price_min > 2 order by id limit 1`,
    );
    expect(found).toBeDefined();
    const event = found!;
    await insertAccount(database.db, 'sync-fan');
    await putWatch(
      database.db,
      'sync-fan',
      event.id,
      { targetPrice: event.price_min - 1 },
      {
        historyLimit: 0,
        maxGapMs: 60_000,
      },
    );
    const item = (fake.events as Array<Record<string, unknown>>).find((e) => e.id === event.id)!;
    (item.priceRanges as Array<{ min: number }>)[0]!.min = event.price_min - 2;
    await sync();
    await evaluateAlerts(database.db);
    const { alerts } = await listAlerts(database.db, 'sync-fan');
    expect(alerts.map((a) => [a.kind, a.eventId])).toEqual([['price_target', event.id]]);
  });
});
