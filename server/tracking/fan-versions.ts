import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from './sql.ts';

/**
 * The version of what my Encore shows of a fan (ADR 0049): a new one after every write to
 * their account, follows, watches, alerts, calendar feed, places or Web Push subscriptions,
 * from any process (the database's triggers, migrations 0016 and 0017). 'none' for a fan nothing was
 * written for since those triggers exist; their first write gives them a number.
 */
export async function fanVersion(db: Db, uid: string): Promise<string> {
  const [row] = await rows<{ version: string }>(
    db,
    sql`select version::text as version from fan_versions where uid = ${uid}`,
  );
  return row?.version ?? 'none';
}
