import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow, insertEvent, insertVenue } from '#server/catalogue/testing/fixtures';
import type { Database } from '#server/db/client';
import { testServices } from '#server/testing/services';
import { createTestDatabase } from '#server/testing/test-db';
import { trackingConfig } from '#server/tracking/config';
import { insertAccount, setPrice } from '#server/tracking/testing/fixtures';
import { putWatch } from '#server/tracking/watches';
import { loadMyEncore } from '~/lib/tracking.server';
import { WATCHES_SHOWN } from '~/lib/tracking-view';

/** my Encore for a fan watching many events: the soonest in full, the rest on request. */
let database: Database;
let services: ReturnType<typeof testServices>;
const UPCOMING = WATCHES_SHOWN + 5;

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  const { db } = database;
  await insertAccount(db, 'many');
  const venue = await insertVenue(db, { name: 'Hall' });
  const config = trackingConfig(services.env);
  const history = { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs };
  for (let i = 0; i < UPCOMING; i++) {
    const { id } = await insertEvent(db, { name: `Show ${i + 1}`, venue, startsAt: daysFromNow(i + 1) });
    await setPrice(db, id, 40, 90);
    await putWatch(db, 'many', id, {}, history);
  }
  const past = await insertEvent(db, { name: 'Last Week', venue, startsAt: daysFromNow(-7) });
  await putWatch(db, 'many', past.id, {}, history);
});
afterAll(async () => {
  await database?.close();
});

const load = (query = '') =>
  loadMyEncore(new Request(`https://encore.example/my-encore${query}`), { services }, 'many', new Date().toISOString());

describe('my Encore for a fan watching many events', () => {
  it('shows the soonest upcoming ones and every past one, and counts them all', async () => {
    const view = await load();
    expect(view.watchCount).toBe(UPCOMING + 1);
    expect(view.watches.map((w) => w.name)).toEqual([
      ...Array.from({ length: WATCHES_SHOWN }, (_, i) => `Show ${i + 1}`),
      'Last Week',
    ]);
  });

  it('shows every one when asked (?watching=all)', async () => {
    const view = await load('?watching=all');
    expect(view.watches).toHaveLength(UPCOMING + 1);
    expect(view.watchCount).toBe(UPCOMING + 1);
  });
});
