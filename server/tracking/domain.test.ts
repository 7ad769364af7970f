import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { daysFromNow, insertAttraction, insertEvent, insertVenue } from '../catalogue/testing/fixtures.ts';
import type { Database, Db } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import {
  evaluateAlerts,
  evaluateAnnouncementAlerts,
  listAlerts,
  PRICE_ALERT_COOLDOWN_MS,
  statusAlertKind,
} from './alerts.ts';
import { putFollow } from './follows.ts';
import { observeTrackedEvents, recordPriceObservations, toRuns } from './observations.ts';
import { putPreferences } from './preferences.ts';
import { marketLevel, seededRandom, simulateMarket, step } from './simulator.ts';
import { rows } from './sql.ts';
import { insertAccount, setPrice, setStatus } from './testing/fixtures.ts';
import { listWatches, putWatch, suggestedTarget } from './watches.ts';

let database: Database;
let db: Db;
const history = { historyLimit: 48, maxGapMs: 5 * 60_000 };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const observationsOf = (eventId: string) =>
  rows<{ price_min: number | null; status_code: string; observed_at: Date; checked_at: Date }>(
    db,
    sql`select price_min::float8 as price_min, status_code, observed_at, checked_at from event_observations
      where event_id = ${eventId} order by observed_at, id`,
  );

const changesOf = (eventId: string) =>
  rows<{ field: string; from_value: string | null; to_value: string | null }>(
    db,
    sql`select field, from_value, to_value from event_changes where event_id = ${eventId} order by id`,
  );

const alertsOf = async (uid: string) => (await listAlerts(db, uid, { limit: 100 })).alerts;

describe('price observations', () => {
  it('records a row only when something changed, otherwise moves checked_at on', async () => {
    const event = await insertEvent(db, { name: 'Observed Show' });
    await recordPriceObservations(db, [event.id, 'no-such-event']);
    await recordPriceObservations(db, [event.id]);
    let seen = await observationsOf(event.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.price_min).toBe(40);
    expect(new Date(seen[0]!.checked_at).getTime()).toBeGreaterThan(new Date(seen[0]!.observed_at).getTime());

    await setPrice(db, event.id, 35, 180);
    const result = await recordPriceObservations(db, [event.id]);
    expect(result).toEqual({ recorded: 1, unchanged: 0 });
    seen = await observationsOf(event.id);
    expect(seen.map((o) => o.price_min)).toEqual([40, 35]);
    expect(await changesOf(event.id)).toEqual([]);
  });

  it('writes status and date changes to the timeline', async () => {
    const event = await insertEvent(db, {
      name: 'Timeline Show',
      localDate: '2031-05-01',
      localTime: '20:00:00',
      startsAt: new Date('2031-05-01T20:00:00Z'),
    });
    await recordPriceObservations(db, [event.id]);
    await setStatus(db, event.id, { status: 'postponed' });
    await recordPriceObservations(db, [event.id]);
    await setStatus(db, event.id, { status: 'rescheduled', localDate: '2031-06-02', localTime: null });
    await recordPriceObservations(db, [event.id]);
    expect(await changesOf(event.id)).toEqual([
      { field: 'status', from_value: 'onsale', to_value: 'postponed' },
      { field: 'status', from_value: 'postponed', to_value: 'rescheduled' },
      { field: 'date', from_value: '2031-05-01 20:00:00', to_value: '2031-06-02' },
    ]);
  });

  it('observes watched events and upcoming events of followed artists, nothing else', async () => {
    await insertAccount(db, 'obs-fan');
    const artist = await insertAttraction(db, { name: 'Observed Artist' });
    const followedEvent = await insertEvent(db, { name: 'Followed Gig', attractionIds: [artist.id] });
    const pastFollowed = await insertEvent(db, {
      name: 'Past Gig',
      attractionIds: [artist.id],
      startsAt: daysFromNow(-3),
    });
    const watched = await insertEvent(db, { name: 'Watched Gig' });
    const untracked = await insertEvent(db, { name: 'Untracked Gig' });
    await putFollow(db, 'obs-fan', artist.id);
    await putWatch(db, 'obs-fan', watched.id, {}, history);
    await setPrice(db, followedEvent.id, 41, 201);
    await setPrice(db, watched.id, 42, 202);
    await setPrice(db, untracked.id, 43, 203);
    await observeTrackedEvents(db);
    expect((await observationsOf(followedEvent.id)).map((o) => o.price_min)).toEqual([40, 41]);
    expect((await observationsOf(watched.id)).map((o) => o.price_min)).toEqual([40, 42]);
    expect(await observationsOf(untracked.id)).toEqual([]);
    expect(await observationsOf(pastFollowed.id)).toEqual([]);
  });

  it('turns observations into runs with gaps where nobody looked', () => {
    const t = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes)).toISOString();
    const row = (at: number, checked: number, min: number) => ({
      event_id: 'E',
      observed_at: t(at),
      checked_at: t(checked),
      price_min: min,
      price_max: min * 2,
      currency: 'USD',
    });
    const runs = toRuns([row(0, 10, 50), row(12, 20, 45), row(21, 30, 45), row(100, 110, 60)], 'cheapest', 5 * 60_000);
    expect(runs).toEqual([
      {
        from: t(0),
        to: t(30),
        points: [
          { at: t(0), price: 50 },
          { at: t(12), price: 45 },
        ],
      },
      { from: t(100), to: t(110), points: [{ at: t(100), price: 60 }] },
    ]);
    // The category changes the price read from the same rows (ADR 0002: front_row is the max).
    expect(toRuns([row(0, 10, 50)], 'front_row', 60_000)[0]!.points).toEqual([{ at: t(0), price: 100 }]);
  });
});

describe('watches', () => {
  it('default to the cheapest category and the onboarding budget when it is under the price, and report the change since watching', async () => {
    await insertAccount(db, 'w-fan', { maxBudget: 30 });
    const event = await insertEvent(db, { name: 'Budget Show' });
    const { created, watch } = await putWatch(db, 'w-fan', event.id, {}, history);
    expect(created).toBe(true);
    expect(watch).toMatchObject({
      ticketCategory: 'cheapest',
      targetPrice: 30,
      currency: 'USD',
      currentPrice: 40,
      priceAtWatch: 40,
      change: 0,
      atOrBelowTarget: false,
    });
    await setPrice(db, event.id, 36.5, 150);
    const [after] = await listWatches(db, 'w-fan', history, event.id);
    expect(after).toMatchObject({ currentPrice: 36.5, change: -3.5 });
    const again = await putWatch(db, 'w-fan', event.id, { ticketCategory: 'front_row', targetPrice: 120 }, history);
    expect(again.created).toBe(false);
    expect(again.watch).toMatchObject({
      ticketCategory: 'front_row',
      targetPrice: 120,
      currentPrice: 150,
      priceAtWatch: 200,
    });
  });

  it('of an event without published prices show no price and an empty history', async () => {
    await insertAccount(db, 'w-unpriced');
    const event = await insertEvent(db, { name: 'Unpriced Show', priceMin: null, priceMax: null, priceRanges: [] });
    const { watch } = await putWatch(db, 'w-unpriced', event.id, { targetPrice: 20 }, history);
    expect(watch).toMatchObject({ currentPrice: null, priceAtWatch: null, change: null, atOrBelowTarget: false });
    expect(watch.history).toEqual([expect.objectContaining({ points: [{ at: expect.any(String), price: null }] })]);
    await setPrice(db, event.id, 15, 60);
    await evaluateAlerts(db);
    const [after] = await listWatches(db, 'w-unpriced', history, event.id);
    expect(after).toMatchObject({ currentPrice: 15, atOrBelowTarget: true });
    expect((await alertsOf('w-unpriced')).map((a) => a.title)).toEqual(['Unpriced Show: USD 15.00']);
  });

  it("start with a target under today's price for the chosen seats, so it can fire", async () => {
    await insertAccount(db, 'w-new');
    const event = await insertEvent(db, { name: 'No Budget Show' });
    const { watch } = await putWatch(db, 'w-new', event.id, {}, history);
    expect(watch).toMatchObject({ currentPrice: 40, targetPrice: 36, atOrBelowTarget: false });
    await insertAccount(db, 'w-rich', { maxBudget: 1500 });
    const front = await putWatch(db, 'w-rich', event.id, { ticketCategory: 'front_row' }, history);
    expect(front.watch).toMatchObject({ currentPrice: 200, targetPrice: 180, atOrBelowTarget: false });
    expect(suggestedTarget(0.5)).toBe(0.45);
  });

  it('of an unpriced event start from the budget, or with no target', async () => {
    await insertAccount(db, 'w-none');
    const event = await insertEvent(db, { name: 'Unpriced Default', priceMin: null, priceMax: null, priceRanges: [] });
    expect((await putWatch(db, 'w-none', event.id, {}, history)).watch.targetPrice).toBeNull();
  });
});

describe('price alerts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fire once for a price wobbling around the target, again only after a clear rise and the cool-down', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    await insertAccount(db, 'p-fan');
    const event = await insertEvent(db, { name: 'Wobbly Show', startsAt: daysFromNow(60) });
    await putWatch(db, 'p-fan', event.id, { targetPrice: 35 }, history);
    await evaluateAlerts(db);
    expect(await alertsOf('p-fan')).toEqual([]);

    const at = async (minutes: number, price: number) => {
      vi.setSystemTime(new Date(Date.parse('2031-03-01T12:00:00Z') + minutes * 60_000));
      await setPrice(db, event.id, price, 200);
      await evaluateAlerts(db);
    };
    await at(1, 35); // at the target
    await evaluateAlerts(db);
    let alerts = await alertsOf('p-fan');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: 'price_target',
      eventId: event.id,
      read: false,
      title: 'Wobbly Show: USD 35.00',
      url: `/events/wobbly-show/${event.id}`,
    });
    expect(alerts[0]!.body).toContain('at or below your target of USD 35.00');

    // Twenty minutes of a price wobbling around the target: still one alert.
    for (const [minute, price] of [
      [5, 35.5],
      [8, 34],
      [11, 36.5],
      [14, 33.9],
      [17, 35.01],
      [20, 34.5],
    ] as const) {
      await at(minute, price);
    }
    expect(await alertsOf('p-fan')).toHaveLength(1);

    // A clear rise (past 35 + 1.75) re-arms, but within the cool-down a new drop stays quiet...
    await at(60, 40);
    await at(90, 33);
    expect(await alertsOf('p-fan')).toHaveLength(1);
    // ...and speaks once the cool-down is over.
    await at(1 + PRICE_ALERT_COOLDOWN_MS / 60_000, 32);
    alerts = await alertsOf('p-fan');
    expect(alerts.map((a) => a.title)).toEqual(['Wobbly Show: USD 32.00', 'Wobbly Show: USD 35.00']);
  });

  it('do not fire when the price already met the target as the fan set it', async () => {
    await insertAccount(db, 'p-happy');
    const event = await insertEvent(db, { name: 'Cheap Enough' });
    const { watch } = await putWatch(db, 'p-happy', event.id, { targetPrice: 50 }, history);
    expect(watch.atOrBelowTarget).toBe(true);
    await evaluateAlerts(db);
    expect(await alertsOf('p-happy')).toEqual([]);
  });

  it('follow the chosen category', async () => {
    await insertAccount(db, 'p-front');
    const event = await insertEvent(db, { name: 'Front Row Show' });
    await putWatch(db, 'p-front', event.id, { ticketCategory: 'front_row', targetPrice: 180 }, history);
    await setPrice(db, event.id, 20, 190);
    await evaluateAlerts(db);
    expect(await alertsOf('p-front')).toEqual([]);
    await setPrice(db, event.id, 45, 175);
    await evaluateAlerts(db);
    expect((await alertsOf('p-front')).map((a) => a.title)).toEqual(['Front Row Show: USD 175.00']);
  });
});

describe('status alerts', () => {
  it('tell of cancellations, postponements and new dates, once each', async () => {
    await insertAccount(db, 's-fan');
    const cancelled = await insertEvent(db, { name: 'Cancelled Show', localDate: '2031-03-01', localTime: '20:00:00' });
    const postponed = await insertEvent(db, { name: 'Postponed Show', localDate: '2031-03-02', localTime: '20:00:00' });
    const moved = await insertEvent(db, { name: 'Moved Show', localDate: '2031-03-03', localTime: '20:00:00' });
    const offsale = await insertEvent(db, { name: 'Offsale Show' });
    for (const e of [cancelled, postponed, moved, offsale]) await putWatch(db, 's-fan', e.id, {}, history);
    await setStatus(db, cancelled.id, { status: 'cancelled' });
    await setStatus(db, postponed.id, { status: 'postponed' });
    await setStatus(db, moved.id, { localDate: '2031-04-10', localTime: '19:30:00' });
    await setStatus(db, offsale.id, { status: 'offsale' });
    await evaluateAlerts(db);
    await evaluateAlerts(db);
    const alerts = await alertsOf('s-fan');
    const byKind = Object.fromEntries(alerts.map((a) => [a.kind, a]));
    expect(alerts).toHaveLength(3);
    expect(byKind.event_cancelled).toMatchObject({ title: 'Cancelled: Cancelled Show', eventId: cancelled.id });
    expect(byKind.event_postponed).toMatchObject({ title: 'Postponed: Postponed Show' });
    expect(byKind.event_rescheduled).toMatchObject({
      title: 'New date: Moved Show',
      body: 'Moved Show moved from Mar 3, 2031, 20:00 to Apr 10, 2031, 19:30.',
    });
  });

  it('name the kind from the before and after states', () => {
    const at = (status: string, date: string | null = '2031-01-01', time: string | null = '20:00:00') => ({
      status,
      date,
      time,
    });
    expect(statusAlertKind(at('onsale'), at('cancelled'))).toBe('event_cancelled');
    expect(statusAlertKind(at('postponed'), at('rescheduled', '2031-02-01'))).toBe('event_rescheduled');
    expect(statusAlertKind(at('postponed'), at('onsale', '2031-02-01'))).toBe('event_rescheduled');
    expect(statusAlertKind(at('onsale'), at('offsale'))).toBeNull();
    expect(statusAlertKind(at('cancelled'), at('cancelled', '2031-05-01'))).toBeNull();
  });
});

describe('artist announcements', () => {
  it('alert followers near the new event once, and not for events known before the follow', async () => {
    const artist = await insertAttraction(db, { name: 'Touring Band' });
    const nyc = await insertVenue(db, { name: 'NYC Hall' });
    const la = await insertVenue(db, {
      name: 'LA Arena',
      city: 'Los Angeles',
      stateCode: 'CA',
      latitude: 34.043,
      longitude: -118.267,
    });
    await insertEvent(db, { name: 'Old Date', venue: nyc, attractionIds: [artist.id] });
    await insertAccount(db, 'a-nyc');
    await insertAccount(db, 'a-anywhere');
    await putPreferences(db, 'a-nyc', {
      latitude: 40.7128,
      longitude: -74.006,
      radius: 50,
      unit: 'miles',
      city: 'New York',
    });
    await putFollow(db, 'a-nyc', artist.id);
    await putFollow(db, 'a-anywhere', artist.id);
    await evaluateAnnouncementAlerts(db);
    expect(await alertsOf('a-nyc')).toEqual([]);

    const newNyc = await insertEvent(db, { name: 'New York Night', venue: nyc, attractionIds: [artist.id] });
    const newLa = await insertEvent(db, { name: 'LA Night', venue: la, attractionIds: [artist.id] });
    await recordPriceObservations(db, [newNyc.id, newLa.id]); // as the catalogue sync does
    await evaluateAlerts(db);
    await evaluateAlerts(db);
    expect((await alertsOf('a-nyc')).map((a) => [a.kind, a.eventId, a.title])).toEqual([
      ['artist_announced', newNyc.id, 'Touring Band announced New York Night'],
    ]);
    expect((await alertsOf('a-anywhere')).map((a) => a.eventId).sort()).toEqual([newLa.id, newNyc.id].sort());
  });
});

describe('market simulator', () => {
  it('steps revert to the market level and keep min ≤ max', () => {
    const random = seededRandom(42);
    let state = { min: 100, max: 300, anchorMin: 100, anchorMax: 300, popularity: 50, daysLeft: 60 };
    const seen: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const next = step(state, random);
      if (next) state = { ...state, ...next };
      expect(state.min).toBeGreaterThan(0);
      expect(state.max).toBeGreaterThanOrEqual(state.min);
      seen.push(state.min);
    }
    const mean = seen.reduce((a, b) => a + b, 0) / seen.length;
    expect(mean).toBeGreaterThan(90);
    expect(mean).toBeLessThan(110);
    expect(Math.min(...seen)).toBeLessThan(92);
    expect(Math.max(...seen)).toBeGreaterThan(108);
  });

  it('drifts popular events up and unpopular ones down near the date', () => {
    expect(marketLevel({ popularity: 50, daysLeft: 1 })).toBeCloseTo(1);
    expect(marketLevel({ popularity: 100, daysLeft: 90 })).toBeCloseTo(1);
    expect(marketLevel({ popularity: 100, daysLeft: 0 })).toBeGreaterThan(1.2);
    expect(marketLevel({ popularity: 0, daysLeft: 0 })).toBeLessThan(0.8);
  });

  it('past the events it moves a tick, moves every watched event in turn', async () => {
    await insertAccount(db, 'turn-fan');
    const shows = [];
    for (const name of ['Turn Show A', 'Turn Show B', 'Turn Show C']) {
      const show = await insertEvent(db, { name });
      await putWatch(db, 'turn-fan', show.id, {}, history);
      shows.push(show);
    }
    const random = seededRandom(11);
    // About a dozen watched events in this file's database, two moved at most a tick.
    for (let i = 0; i < 60; i++) await simulateMarket(db, { random, maxEvents: 2 });
    const prices = await rows<{ id: string; price_min: number }>(
      db,
      sql`select id, price_min::float8 as price_min from events where id in (${sql.join(
        shows.map((show) => sql`${show.id}`),
        sql`, `,
      )})`,
    );
    expect(prices).toHaveLength(3);
    for (const price of prices) expect(price.price_min, price.id).not.toBe(40);
  });

  it('moves only watched, upcoming demo events, and records what moved', async () => {
    await insertAccount(db, 'm-fan');
    const watched = await insertEvent(db, { name: 'Simulated Show' });
    const unwatched = await insertEvent(db, { name: 'Quiet Show' });
    const synced = await insertEvent(db, { name: 'Synced Show', source: 'ticketmaster' });
    await putWatch(db, 'm-fan', watched.id, {}, history);
    await putWatch(db, 'm-fan', synced.id, {}, history);
    const random = seededRandom(7);
    let moved = 0;
    for (let i = 0; i < 10; i++) moved += (await simulateMarket(db, { random })).moved;
    expect(moved).toBeGreaterThan(0);
    const prices = await rows<{ id: string; price_min: number; price_max: number; ranges: Array<{ min: number }> }>(
      db,
      sql`select id, price_min::float8 as price_min, price_max::float8 as price_max, price_ranges as ranges
        from events where id in (${watched.id}, ${unwatched.id}, ${synced.id}) order by name`,
    );
    const byId = Object.fromEntries(prices.map((p) => [p.id, p]));
    expect(byId[unwatched.id]).toMatchObject({ price_min: 40, price_max: 200 });
    expect(byId[synced.id]).toMatchObject({ price_min: 40, price_max: 200 });
    expect(byId[watched.id]!.price_min).not.toBe(40);
    expect(byId[watched.id]!.ranges[0]!.min).toBe(byId[watched.id]!.price_min);
    const observed = await observationsOf(watched.id);
    expect(observed.length).toBeGreaterThan(1);
    expect(observed.at(-1)!.price_min).toBe(byId[watched.id]!.price_min);
  });
});
