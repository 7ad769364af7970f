import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_CATEGORIES } from '#contracts/enums';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { rows } from './queries.ts';
import { ticketPrice, ticketPriceSql } from './ticket-category.ts';

describe('ticketPrice (ADR 0002)', () => {
  const range = { min: 40, max: 240, currency: 'USD' };

  it('quotes the published bounds for cheapest and front row, estimates between them', () => {
    expect(TICKET_CATEGORIES.map((c) => ticketPrice(c, range))).toEqual([
      { category: 'cheapest', amount: 40, currency: 'USD', estimate: false },
      { category: 'good_view', amount: 110, currency: 'USD', estimate: true },
      { category: 'great_view', amount: 180, currency: 'USD', estimate: true },
      { category: 'front_row', amount: 240, currency: 'USD', estimate: false },
    ]);
  });

  it('estimates nothing when every seat costs the same', () => {
    for (const category of TICKET_CATEGORIES) {
      expect(ticketPrice(category, { min: 99.99, max: 99.99, currency: 'EUR' })).toEqual({
        category,
        amount: 99.99,
        currency: 'EUR',
        estimate: false,
      });
    }
  });

  it('derives the other categories from a single published bound, as estimates', () => {
    expect(ticketPrice('front_row', { min: 30, max: null, currency: 'USD' })).toEqual({
      category: 'front_row',
      amount: 105,
      currency: 'USD',
      estimate: true,
    });
    expect(ticketPrice('cheapest', { min: 30, max: null, currency: 'USD' })?.estimate).toBe(false);
    expect(ticketPrice('cheapest', { min: null, max: 200, currency: 'USD' })).toEqual({
      category: 'cheapest',
      amount: 50,
      currency: 'USD',
      estimate: true,
    });
    expect(ticketPrice('front_row', { min: null, max: 200, currency: 'USD' })?.estimate).toBe(false);
  });

  it('rounds to cents, defaults the currency to USD (SPEC §2) and has no price without a range', () => {
    expect(ticketPrice('good_view', { min: 10.1, max: 20.2, currency: null })).toEqual({
      category: 'good_view',
      amount: 13.64,
      currency: 'USD',
      estimate: true,
    });
    expect(ticketPrice('cheapest', { min: null, max: null, currency: 'USD' })).toBeNull();
  });
});

describe('ticketPriceSql', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('computes the same amounts in the database as in code', async () => {
    const ranges = [
      [40, 240],
      [49.5, 449.5],
      [10.1, 20.2],
      [30, null],
      [null, 200],
      [120, 120],
      [0.01, 9999.99],
    ] as const;
    for (const category of TICKET_CATEGORIES) {
      for (const [min, max] of ranges) {
        const [row] = await rows<{ amount: number | null }>(
          database.db,
          sql`select (${ticketPriceSql(category, sql`${min}::numeric`, sql`${max}::numeric`)})::float8 as amount`,
        );
        expect(row?.amount, `${category} ${min}-${max}`).toBe(
          ticketPrice(category, { min, max, currency: 'USD' })?.amount,
        );
      }
    }
  });
});
