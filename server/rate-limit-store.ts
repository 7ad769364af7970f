import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './db/client.ts';
import { rows } from './tracking/sql.ts';

/**
 * Where @fastify/rate-limit counts. Several nodes on one PostgreSQL server count together in
 * the rate_limits table, one atomic upsert per request (issue 17: 24 uploads through two nodes
 * were 20 accepted against 10 a minute); embedded PGlite is one process, which counts in
 * memory (the plugin's own store). ADR 0019.
 */
export function rateLimitStorage(database: Database): { store?: FastifyRateLimitStoreCtor; skipOnError?: boolean } {
  if (database.kind !== 'postgres') return {};
  const db = database.db;
  let nextSweep = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      if (Date.now() >= nextSweep) {
        nextSweep = Date.now() + SWEEP_MS;
        sweep(db).catch(() => undefined);
      }
      hit(db, this.prefix + key, timeWindow).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }

    /** Each route with its own limit counts apart, as the plugin's own stores do. */
    child(routeOptions: object): PostgresRateLimitStore {
      // The plugin passes the route's merged limit options, the route itself as routeInfo.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(route.method ?? '')}${route.url ?? ''}-`);
    }
  }
  // A database that cannot count must not refuse every request: those go through uncounted.
  return { store: PostgresRateLimitStore, skipOnError: true };
}

type Hit = { current: number; ttl: number };

/** Expired windows are deleted this often (by whichever node counts first after it). */
const SWEEP_MS = 60_000;

/** One request counted in `key`'s window, a new window started when the last one ended. */
export async function hit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const [row] = await rows<Hit>(
    db,
    sql`insert into rate_limits as r (key, hits, window_ends)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
        window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
      returning hits as current,
        greatest(0, ceil(extract(epoch from r.window_ends - now()) * 1000))::int as ttl`,
  );
  return row!;
}

async function sweep(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_ends < now() - interval '1 minute'`);
}
