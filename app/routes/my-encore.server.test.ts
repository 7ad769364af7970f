import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyCatalogueChanged } from '#server/catalogue/changes';
import { daysFromNow, insertAttraction, insertEvent, insertVenue } from '#server/catalogue/testing/fixtures';
import type { Database } from '#server/db/client';
import { testServices } from '#server/testing/services';
import { createTestDatabase } from '#server/testing/test-db';
import { evaluateAlerts, listAlerts } from '#server/tracking/alerts';
import { trackingConfig } from '#server/tracking/config';
import { listFollows, putFollow } from '#server/tracking/follows';
import { recordPriceObservations } from '#server/tracking/observations';
import { DEFAULT_PREFERENCES, putPreferences } from '#server/tracking/preferences';
import { insertAccount, setPrice, setStatus } from '#server/tracking/testing/fixtures';
import { listWatches, putWatch } from '#server/tracking/watches';
import { loadMyEncore } from '~/lib/tracking.server';
import { FOLLOWS_SHOWN, toWatchRow, WATCHES_SHOWN } from '~/lib/tracking-view';

/** my Encore for a fan watching many events: the soonest in full, the rest on request. */
let database: Database;
let services: ReturnType<typeof testServices>;
let history: { historyLimit: number; maxGapMs: number };
let band: { id: string };
let venue: Awaited<ReturnType<typeof insertVenue>>;
const UPCOMING = WATCHES_SHOWN + 5;

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  const { db } = database;
  await insertAccount(db, 'many');
  venue = await insertVenue(db, { name: 'Hall' });
  const config = trackingConfig(services.env);
  history = { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs };
  band = await insertAttraction(db, { name: 'The Followed' });
  for (let i = 0; i < UPCOMING; i++) {
    const { id } = await insertEvent(db, {
      name: `Show ${i + 1}`,
      venue,
      startsAt: daysFromNow(i + 1),
      attractionIds: i < 4 ? [band.id] : [],
    });
    await setPrice(db, id, 40, 90);
    await putWatch(db, 'many', id, { targetPrice: i === 0 ? 35 : undefined }, history);
  }
  await putFollow(db, 'many', band.id);
  // The soonest one moves: cheaper (under its target, so an alert) and postponed.
  const [soonest] = await listWatches(db, 'many', history);
  await setPrice(db, soonest!.event.id, 30, 80);
  await setStatus(db, soonest!.event.id, { status: 'postponed' });
  await recordPriceObservations(db, [soonest!.event.id]);
  await evaluateAlerts(db);
  const past = await insertEvent(db, { name: 'Last Week', venue, startsAt: daysFromNow(-7) });
  await putWatch(db, 'many', past.id, {}, history);
});
afterAll(async () => {
  await database?.close();
});

const load = (query = '', uid = 'many') =>
  loadMyEncore(new URL(`https://encore.example/my-encore${query}`), { services }, uid, new Date().toISOString());

describe('my Encore for a fan watching many events', () => {
  it('shows the soonest upcoming ones and every past one, and counts them all', async () => {
    const view = await load();
    expect(view.watchCount).toBe(UPCOMING + 1);
    expect(view.watches.map((w) => w.name)).toEqual(Array.from({ length: WATCHES_SHOWN }, (_, i) => `Show ${i + 1}`));
    expect(view.past.map((w) => w.name)).toEqual(['Last Week']);
  });

  it('shows every one when asked (?watching=all)', async () => {
    const view = await load('?watching=all');
    expect(view.watches).toHaveLength(UPCOMING);
    expect(view.past).toHaveLength(1);
    expect(view.watchCount).toBe(UPCOMING + 1);
  });

  it('shows a watch as the API has it: prices, target, history and changes', async () => {
    const [view, every] = await Promise.all([load(), listWatches(database.db, 'many', history)]);
    const api = every.filter((watch) => watch.event.name !== 'Last Week');
    const soonest = view.watches[0]!;
    expect(soonest).toEqual(toWatchRow(api[0]!));
    expect(soonest.changes).toEqual(['Status: On Sale → Postponed']);
    expect(soonest.atOrBelowTarget).toBe(true);
    expect(soonest.spark.runs.flatMap((run) => run.points.map((point) => point[1]))).toEqual([40, 30]);
    expect(view.watches.slice(1)).toEqual(api.slice(1, WATCHES_SHOWN).map(toWatchRow));
  });

  it('shows followed artists with their next dates, and the inbox, as the API has them', async () => {
    const [view, follows, alerts] = await Promise.all([
      load(),
      listFollows(database.db, 'many', DEFAULT_PREFERENCES),
      listAlerts(database.db, 'many', { limit: 20 }),
    ]);
    expect(view.follows.map((f) => [f.name, f.upcoming, f.next.map((e) => e.url)])).toEqual(
      follows.map((f) => [f.attraction.name, f.attraction.upcomingEvents, f.nextEvents.map((e) => e.url)]),
    );
    expect(view.follows[0]!.next).toHaveLength(3);
    expect(view.alerts).toEqual(alerts);
    expect(view.alerts.unread).toBeGreaterThan(0);
    expect(view.names).toEqual({ firstName: null, displayName: 'many', email: 'many@example.test' });
  });

  it("shows an artist's new date once the catalogue says it changed", async () => {
    const before = await load();
    expect(before.follows[0]!.next.map((date) => date.url)).not.toContain('/events/added-show/E-added');
    await insertEvent(database.db, {
      id: 'E-added',
      name: 'Added Show',
      venue,
      startsAt: daysFromNow(0.5),
      attractionIds: [band.id],
    });
    notifyCatalogueChanged();
    const after = await load();
    expect(after.follows[0]!.next[0]!.url).toBe('/events/added-show/E-added');
  });

  it('shows the next dates near the place the fan set, none when nothing is near', async () => {
    await putPreferences(database.db, 'many', {
      latitude: -33.87,
      longitude: 151.21,
      city: 'Sydney',
      radius: 50,
      unit: 'km',
    });
    const view = await load();
    expect(view.preferences).toMatchObject({ city: 'Sydney', radius: 50, unit: 'km' });
    expect(view.follows[0]!.next).toEqual([]);
  });
});

describe('my Encore for a fan following many artists', () => {
  const FOLLOWED = FOLLOWS_SHOWN + 3;
  beforeAll(async () => {
    const { db } = database;
    await insertAccount(db, 'follower');
    // Followed in an order that is not the names': the page lists them A to Z, as the API does.
    for (let i = FOLLOWED; i >= 1; i--) {
      const artist = await insertAttraction(db, { name: `Artist ${String(i).padStart(2, '0')}` });
      await putFollow(db, 'follower', artist.id);
    }
  });

  it('shows the first ones by name with their dates, and counts them all', async () => {
    const [view, api] = await Promise.all([
      load('', 'follower'),
      listFollows(database.db, 'follower', DEFAULT_PREFERENCES),
    ]);
    expect(view.followCount).toBe(FOLLOWED);
    expect(view.follows.map((f) => f.name)).toEqual(
      Array.from({ length: FOLLOWS_SHOWN }, (_, i) => `Artist ${String(i + 1).padStart(2, '0')}`),
    );
    expect(view.follows.map((f) => f.name)).toEqual(api.slice(0, FOLLOWS_SHOWN).map((f) => f.attraction.name));
  });

  it('shows every one when asked (?following=all), and the watches as they were', async () => {
    const view = await load('?following=all', 'follower');
    expect(view.follows).toHaveLength(FOLLOWED);
    expect(view.followCount).toBe(FOLLOWED);
    expect((await load('?following=all')).watches).toHaveLength(WATCHES_SHOWN);
  });

  it('counts a fan who follows fewer than that once, and shows them all', async () => {
    const view = await load();
    expect(view.followCount).toBe(1);
    expect(view.follows.map((f) => f.name)).toEqual(['The Followed']);
  });
});
