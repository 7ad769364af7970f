import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { formatMoney, formatMoneySql } from './prices.ts';
import { rows } from './sql.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('formatMoney', () => {
  it('writes the currency, thousands separators and two decimals', () => {
    expect(formatMoney(87.5)).toBe('USD 87.50');
    expect(formatMoney(1234567.8, 'EUR')).toBe('EUR 1,234,567.80');
    expect(formatMoney(-1234.5, 'GBP')).toBe('GBP -1,234.50');
  });

  it('writes the same in SQL, for amounts to the cent in any currency (read as the alert job reads them)', async () => {
    const amounts = [0, 0.01, 0.1, 0.5, 7, 12.3, 87.5, 99.99, 100, 999.99, 1000, 1234.5, 9999.99, 10000, 99999.99];
    const more = [100000, 123456.78, 999999.99, 1000000, 1234567.89, 99999999.99, -0.5, -12.34, -1234.5, -1000000];
    const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'SEK', ''];
    const cases = currencies.flatMap((currency) => [...amounts, ...more].map((amount) => ({ amount, currency })));
    const inSql = await rows<{ text: string }>(
      database.db,
      sql`select ${formatMoneySql(sql`m.amount::numeric`, sql`m.currency`)} as text
        from json_to_recordset(${JSON.stringify(cases.map((c, n) => ({ ...c, n })))}::json)
          as m(amount float8, currency text, n int)
        order by m.n`,
    );
    expect(inSql.map((row) => row.text)).toEqual(cases.map((c) => formatMoney(c.amount, c.currency)));
  });
});
