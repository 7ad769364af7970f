import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow, insertAttraction, insertEvent, insertVenue } from '../catalogue/testing/fixtures.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { fanVersion } from './fan-versions.ts';

/**
 * A fan's version changes with every write to what my Encore shows of them, whoever writes
 * (ADR 0049: the database's triggers, so a job, a script or another node counts too), and
 * only theirs: each write below goes straight to the table, as any writer's statement would.
 */
let database: Database;
const FAN = 'fan-versions-fan';
const OTHER = 'fan-versions-other';

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const venue = await insertVenue(db, { id: 'V1', name: 'Harbour Hall' });
  await insertAttraction(db, { id: 'A1', name: 'The Tidewalkers' });
  await insertEvent(db, { id: 'E1', name: 'Tidewalkers Live', venue, attractionIds: ['A1'], startsAt: daysFromNow(3) });
  await insertEvent(db, {
    id: 'E2',
    name: 'Tidewalkers Again',
    venue,
    attractionIds: ['A1'],
    startsAt: daysFromNow(9),
  });
});

afterAll(async () => {
  await database?.close();
});

const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

describe("a fan's version", () => {
  it('is "none" before anything was written for the fan', async () => {
    expect(await fanVersion(database.db, 'nobody-at-all')).toBe('none');
  });

  it.each([
    [
      'registers',
      sql`insert into accounts (uid, email) values (${FAN}, 'fan@example.test'), (${OTHER}, 'other@example.test')`,
    ],
    ['renames', sql`update accounts set first_name = 'Ada' where uid = ${FAN}`],
    ['follows', sql`insert into follows (uid, attraction_id) values (${FAN}, 'A1')`],
    [
      'watches',
      sql`insert into watches (uid, event_id, target_price, known_status) values (${FAN}, 'E1', 10, 'onsale')`,
    ],
    ['moves a price target', sql`update watches set target_price = 12 where uid = ${FAN}`],
    [
      'gets an alert',
      sql`insert into alerts (uid, kind, title, body, url, dedupe_key) values (${FAN}, 'price_drop', 'Down', 'Cheaper', '/e', 'k1')`,
    ],
    ['reads it', sql`update alerts set read_at = now() where uid = ${FAN}`],
    ['opens a calendar feed', sql`insert into calendar_feeds (uid, token) values (${FAN}, 'feed-token-1')`],
    ['sets a place', sql`insert into tracking_preferences (uid, city) values (${FAN}, 'Austin')`],
    [
      'subscribes to Web Push',
      sql`insert into push_subscriptions (uid, endpoint, p256dh, auth) values (${FAN}, 'https://push.invalid/1', 'k', 'a')`,
    ],
    ['unsubscribes', sql`delete from push_subscriptions where uid = ${FAN}`],
    ['revokes the feed', sql`delete from calendar_feeds where uid = ${FAN}`],
    ['unwatches', sql`delete from watches where uid = ${FAN}`],
    ['unfollows', sql`delete from follows where uid = ${FAN}`],
  ])('changes when the fan %s, and not for another fan', async (_what, statement) => {
    const before = await fanVersion(database.db, FAN);
    const otherBefore = await fanVersion(database.db, OTHER);
    await run(statement);
    const after = await fanVersion(database.db, FAN);
    expect(after).not.toBe(before);
    expect(after).not.toBe('none');
    // The first statement registers both fans; after that the other fan's version stays.
    if (otherBefore !== 'none') expect(await fanVersion(database.db, OTHER)).toBe(otherBefore);
  });

  it.each([
    ['ticket_category', sql`update watches set ticket_category = 'front_row' where uid = ${FAN}`],
    ['target_price', sql`update watches set target_price = 8 where uid = ${FAN}`],
    ['baseline_price_min', sql`update watches set baseline_price_min = 20 where uid = ${FAN}`],
    ['baseline_price_max', sql`update watches set baseline_price_max = 90 where uid = ${FAN}`],
    ['baseline_currency', sql`update watches set baseline_currency = 'EUR' where uid = ${FAN}`],
    ['created_at', sql`update watches set created_at = created_at - interval '1 day' where uid = ${FAN}`],
    ['an alert’s read_at', sql`update alerts set read_at = null where uid = ${FAN}`],
    ['an alert’s title', sql`update alerts set title = 'Down again' where uid = ${FAN}`],
  ])('changes with each column of a watch or alert my Encore shows: %s', async (_column, statement) => {
    await run(
      sql`insert into watches (uid, event_id, known_status) values (${FAN}, 'E2', 'onsale') on conflict do nothing`,
    );
    await run(sql`insert into alerts (uid, kind, title, body, url, dedupe_key)
      values (${FAN}, 'price_drop', 'Down', 'Cheaper', '/e', 'k2') on conflict do nothing`);
    const before = await fanVersion(database.db, FAN);
    await run(statement);
    expect(await fanVersion(database.db, FAN)).not.toBe(before);
  });

  it('stays when the alert job rewrites what no page shows: a watch’s alert state, an alert’s delivery', async () => {
    const before = await fanVersion(database.db, FAN);
    await run(sql`update watches set price_alert_armed = not price_alert_armed, price_crossings = price_crossings + 1,
      known_status = 'offsale', status_changes = status_changes + 1, updated_at = now() where uid = ${FAN}`);
    await run(sql`update alerts set pushed_at = now() where uid = ${FAN}`);
    expect(await fanVersion(database.db, FAN)).toBe(before);
  });

  it('changes once for every fan one statement touches, and stays when a statement touches nobody', async () => {
    await run(sql`delete from watches`);
    await run(sql`insert into watches (uid, event_id, target_price, known_status)
      values (${FAN}, 'E1', 10, 'onsale'), (${FAN}, 'E2', 10, 'onsale'), (${OTHER}, 'E1', 10, 'onsale')`);
    const fan = await fanVersion(database.db, FAN);
    const other = await fanVersion(database.db, OTHER);
    await run(sql`update watches set target_price = 9 where event_id = 'E1'`);
    expect(await fanVersion(database.db, FAN)).not.toBe(fan);
    expect(await fanVersion(database.db, OTHER)).not.toBe(other);
    const now = [await fanVersion(database.db, FAN), await fanVersion(database.db, OTHER)];
    await run(sql`update watches set target_price = 1 where event_id = 'no-such-event'`);
    expect([await fanVersion(database.db, FAN), await fanVersion(database.db, OTHER)]).toEqual(now);
  });

  it('is never given twice, even after the account is deleted and made again', async () => {
    const seen = new Set([await fanVersion(database.db, FAN)]);
    await run(sql`delete from accounts where uid = ${FAN}`);
    seen.add(await fanVersion(database.db, FAN));
    await run(sql`insert into accounts (uid, email) values (${FAN}, 'fan@example.test')`);
    seen.add(await fanVersion(database.db, FAN));
    expect(seen.size).toBe(3);
  });
});
