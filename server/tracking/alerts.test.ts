import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketCategory } from '#contracts/enums';
import { daysFromNow, insertAttraction, insertEvent } from '../catalogue/testing/fixtures.ts';
import type { Database, Db } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { describeLocal, describeLocalSql, evaluatePriceAlerts } from './alerts.ts';
import { eventPath } from './paths.ts';
import { formatMoney, priceFor } from './prices.ts';
import { rows } from './sql.ts';
import { insertAccount, setPrice } from './testing/fixtures.ts';
import { putWatch } from './watches.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('describeLocal', () => {
  it('says the same in SQL: dates, times, either unknown', async () => {
    const dates = ['2031-12-05', '2031-01-01', '2030-02-28', '2032-02-29', '0999-07-04', null];
    const times = ['20:00:00', '00:05:00', '09:30:00', '23:59:59.5', '24:00:00', null];
    const cases = dates.flatMap((date) => times.map((time) => ({ date, time })));
    const inSql = await rows<{ text: string; date: string | null; time: string | null }>(
      db,
      sql`select ${describeLocalSql(sql`l.date`, sql`l.time`)} as text, l.date::text as date, l.time::text as time
        from json_to_recordset(${JSON.stringify(cases.map((c, n) => ({ ...c, n })))}::json)
          as l(date date, time time, n int)
        order by l.n`,
    );
    expect(inSql.map((row) => row.text)).toEqual(inSql.map((row) => describeLocal(row.date, row.time)));
    expect(inSql.slice(0, 2).map((row) => row.text)).toEqual(['Dec 5, 2031, 20:00', 'Dec 5, 2031, 00:05']);
    expect(inSql.at(-1)?.text).toBe('date TBA');
  });
});

describe('price alerts written in one statement', () => {
  it('carry the texts, path and data the TypeScript rules give, in any currency, on any date, for any name', async () => {
    const now = new Date('2031-03-01T12:00:00Z');
    const labels: Record<TicketCategory, string> = {
      cheapest: 'Cheapest',
      good_view: 'Good view',
      great_view: 'Great view',
      front_row: 'Front row',
    };
    const cases: {
      name: string;
      currency: string | null;
      localDate: string | null;
      localTime: string | null;
      category: TicketCategory;
      target: number;
      range: [number, number];
    }[] = [
      {
        name: 'Plain Show',
        currency: 'USD',
        localDate: '2031-12-05',
        localTime: '20:00:00',
        category: 'cheapest',
        target: 35,
        range: [35, 200],
      },
      {
        name: 'Beyoncé — «Renaissance» & Friends!',
        currency: 'EUR',
        localDate: '2031-01-09',
        localTime: null,
        category: 'good_view',
        target: 1500,
        range: [1000, 2000],
      },
      {
        name: 'ΟΔΟΣ ΣΑΣ: İstanbul',
        currency: 'JPY',
        localDate: null,
        localTime: null,
        category: 'front_row',
        target: 1234567.89,
        range: [500000, 1234567.89],
      },
      {
        name: '東京ドーム 🎸 公演',
        currency: null,
        localDate: null,
        localTime: '19:30:00',
        category: 'great_view',
        target: 90,
        range: [40, 100],
      },
      {
        name: "Rock 'n' Roll (Live) 100% <b>",
        currency: 'GBP',
        localDate: '2031-07-04',
        localTime: '09:05:00',
        category: 'cheapest',
        target: 12.5,
        range: [9.99, 30],
      },
    ];
    const expected = [];
    for (const [i, c] of cases.entries()) {
      const uid = `texts-fan-${i}`;
      await insertAccount(db, uid);
      const event = await insertEvent(db, {
        name: c.name,
        currency: c.currency,
        localDate: c.localDate,
        localTime: c.localTime,
        startsAt: c.localDate ? daysFromNow(60) : null,
      });
      // Watched above the target, then the price falls to it or under.
      await setPrice(db, event.id, c.range[0] * 10, c.range[1] * 10);
      await putWatch(
        db,
        uid,
        event.id,
        { ticketCategory: c.category, targetPrice: c.target },
        { historyLimit: 2, maxGapMs: 1 },
      );
      await setPrice(db, event.id, ...c.range);
      const currency = c.currency ?? 'USD';
      const price = priceFor(c.category, { min: c.range[0], max: c.range[1], currency })!;
      const money = (amount: number) => formatMoney(amount, currency);
      expected.push({
        uid,
        kind: 'price_target',
        event_id: event.id,
        title: `${c.name}: ${money(price)}`,
        body: `${labels[c.category]} seats are now ${money(price)}, at or below your target of ${money(c.target)} (${describeLocal(c.localDate, c.localTime)}).`,
        url: eventPath(event),
        data: { price, target: c.target, currency, ticketCategory: c.category },
        dedupe_key: `price:${event.id}:1`,
        created_at: now.toISOString(),
      });
    }
    expect(await evaluatePriceAlerts(db, now)).toEqual({ alerted: cases.length, rearmed: 0 });
    const written = await rows<Record<string, unknown>>(
      db,
      sql`select uid, kind, event_id, title, body, url, data, dedupe_key, created_at from alerts
        where uid like 'texts-fan-%' order by uid`,
    );
    expect(written.map((row) => ({ ...row, created_at: new Date(row.created_at as string).toISOString() }))).toEqual(
      expected,
    );
    // Texts as a fan reads them, not only as the rules compose them.
    expect(expected[0]).toMatchObject({
      title: 'Plain Show: USD 35.00',
      body: 'Cheapest seats are now USD 35.00, at or below your target of USD 35.00 (Dec 5, 2031, 20:00).',
      url: expect.stringMatching(/^\/events\/plain-show\//),
    });
    expect(expected[2]).toMatchObject({
      body: 'Front row seats are now JPY 1,234,567.89, at or below your target of JPY 1,234,567.89 (date TBA).',
    });
  });
});

describe("an alert's event and artist", () => {
  it('are forgotten when the catalogue deletes them; other alerts keep theirs', async () => {
    await insertAccount(db, 'gone-fan');
    const artist = await insertAttraction(db, { name: 'Gone Artist' });
    const kept = await insertAttraction(db, { name: 'Kept Artist' });
    const gone = await insertEvent(db, { name: 'Gone Show', attractionIds: [artist.id] });
    const stays = await insertEvent(db, { name: 'Staying Show', attractionIds: [kept.id] });
    for (const [key, event, attraction] of [
      ['a', gone, artist],
      ['b', stays, kept],
    ] as const) {
      await db.execute(sql`insert into alerts (uid, kind, event_id, attraction_id, title, body, url, dedupe_key)
        values ('gone-fan', 'artist_announced', ${event.id}, ${attraction.id}, 'Title', 'Body', '/e', ${key})`);
    }
    await db.execute(sql`delete from events where id = ${gone.id}`);
    await db.execute(sql`delete from attractions where id = ${artist.id}`);
    expect(
      await rows(
        db,
        sql`select dedupe_key, event_id, attraction_id from alerts where uid = 'gone-fan' order by dedupe_key`,
      ),
    ).toEqual([
      { dedupe_key: 'a', event_id: null, attraction_id: null },
      { dedupe_key: 'b', event_id: stays.id, attraction_id: kept.id },
    ]);
  });
});
