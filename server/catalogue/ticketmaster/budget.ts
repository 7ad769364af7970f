import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiBudget } from '../../db/schema.ts';

/** The budget day is the UTC calendar day of the request. */
export function budgetDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Spends one request of `source`'s daily budget, or refuses. One atomic statement, so every
 * process and every client sharing the database shares the same count and none can overshoot:
 * the conflict branch only increments while the day's count is below the limit, and returns no
 * row otherwise. Returns the day's count after this request, or null when the budget is spent.
 */
export async function spendBudget(db: Db, source: string, day: string, limit: number): Promise<number | null> {
  if (limit < 1) return null;
  const rows = await db
    .insert(apiBudget)
    .values({ source, day, requests: 1 })
    .onConflictDoUpdate({
      target: [apiBudget.source, apiBudget.day],
      set: { requests: sql`${apiBudget.requests} + 1` },
      setWhere: sql`${apiBudget.requests} < ${limit}`,
    })
    .returning({ requests: apiBudget.requests });
  return rows[0]?.requests ?? null;
}

/** Requests already spent on `day` (0 when none). */
export async function spentOn(db: Db, source: string, day: string): Promise<number> {
  const rows = await db
    .select({ requests: apiBudget.requests })
    .from(apiBudget)
    .where(and(eq(apiBudget.source, source), eq(apiBudget.day, day)));
  return rows[0]?.requests ?? 0;
}
