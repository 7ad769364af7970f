import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, onboardingAnswers } from '../../db/schema.ts';

/** Test-only: an account row as POST /accounts leaves it, with onboarding answers when a budget is given. */
export async function insertAccount(db: Db, uid: string, options: { maxBudget?: number } = {}) {
  await db
    .insert(accounts)
    .values({ uid, email: `${uid}@example.test`, displayName: uid })
    .onConflictDoNothing();
  if (options.maxBudget !== undefined) {
    await db
      .insert(onboardingAnswers)
      .values({
        uid,
        vendor: 'Ticketmaster',
        maxBudget: options.maxBudget,
        alreadyResold: false,
        referralSource: 'friend',
      })
      .onConflictDoNothing();
    await db.update(accounts).set({ onboarding: true }).where(sql`uid = ${uid}`);
  }
}

/** Moves an event's price range the way a catalogue refresh would (stamped, ADR 0018). */
export async function setPrice(db: Db, eventId: string, min: number | null, max: number | null) {
  await db.execute(
    sql`update events set price_min = ${min}::numeric, price_max = ${max}::numeric,
      price_ranges = ${JSON.stringify(min === null ? [] : [{ type: 'standard', currency: 'USD', min, max }])}::jsonb,
      updated_at = now()
      where id = ${eventId}`,
  );
}

export async function setStatus(
  db: Db,
  eventId: string,
  values: { status?: string; localDate?: string | null; localTime?: string | null },
) {
  await db.execute(sql`update events set
    status_code = coalesce(${values.status ?? null}, status_code),
    local_date = ${values.localDate === undefined ? sql`local_date` : sql`${values.localDate}::date`},
    local_time = ${values.localTime === undefined ? sql`local_time` : sql`${values.localTime}::time`},
    updated_at = now()
    where id = ${eventId}`);
}
