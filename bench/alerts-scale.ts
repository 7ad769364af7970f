/**
 * The alert job at scale (ARCHITECTURE.md: 100,000 watches, a price change on 10,000 events,
 * evaluated and delivered ≤ 10 s). Run by bench/run.ts in a process of its own, compiled as
 * the server is (bench/scale.ts); by hand, from its sources:
 *
 *   node --import tsx bench/alerts-scale.ts <dir> [postgres://…]
 *
 * A throwaway database (PGlite in <dir>, or the run's PostgreSQL server) with the demo
 * catalogue, 5,000 fans watching 20 upcoming events each (100,000 watches, each with a target
 * price 10 % under the price of its seat category), 500 of them subscribed to Web Push at a
 * loopback push service. Then the prices of 10,000 watched events fall by a quarter in one
 * catalogue write, and the job runs as the scheduler runs it: evaluate (server/tracking/
 * alerts.ts: disarm, write each fan's alert) and deliver (server/tracking/push.ts: every
 * pending push, in the job's batches). Prints one JSON line with the figures.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { DEFAULT_SEED } from '#server/catalogue/demo/generate';
import { loadDemoCatalogue } from '#server/catalogue/demo/load';
import { openDatabase } from '#server/db/client';
import { evaluateAlerts } from '#server/tracking/alerts';
import { deliverPendingPushes } from '#server/tracking/push';

const FANS = 5_000;
const WATCHES_PER_FAN = 20;
const CHANGED_EVENTS = 10_000;
const PUSH_FANS = 500;

async function main() {
  const [dir, url] = process.argv.slice(2);
  if (!dir) throw new Error('usage: alerts-scale.ts <dir> [postgres://…]');
  const database = await openDatabase(url ? { url } : { dataDir: dir });
  const { db } = database;
  let pushed = 0;
  const push = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushed++;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(push.address() as AddressInfo).port}/push/`;
  try {
    const seeding = performance.now();
    await loadDemoCatalogue(db, { events: 30_000, seed: DEFAULT_SEED });
    await db.execute(sql`
      insert into accounts (uid, email, display_name)
      select 'scale-fan-' || n, 'scale-fan-' || n || '@bench.encore.test', 'Fan ' || n
      from generate_series(1, ${FANS}) n`);
    // The 10,000 events whose price will change, plus as many more: each fan watches 20 of
    // them, spread so that every event is watched by about five fans.
    await db.execute(sql`
      create temporary table scale_events as
      select id, row_number() over (order by popularity desc, id) - 1 as k
      from events where starts_at > now() + interval '1 day' and price_min is not null
        and status_code not in ('cancelled', 'offsale')
      order by popularity desc, id limit ${CHANGED_EVENTS * 2}`);
    const [{ events: pool } = { events: 0 }] = (
      (await db.execute(sql`select count(*)::int as events from scale_events`)) as unknown as {
        rows: { events: number }[];
      }
    ).rows;
    if (pool < CHANGED_EVENTS) throw new Error(`only ${pool} upcoming priced events in the demo catalogue`);
    await db.execute(sql`
      insert into watches (uid, event_id, ticket_category, target_price, baseline_price_min, baseline_price_max,
        baseline_currency, known_status, known_starts_at, known_local_date, known_local_time)
      select 'scale-fan-' || f, e.id, 'cheapest', round((e.price_min * 0.9)::numeric, 2), e.price_min, e.price_max,
        e.currency, e.status_code, e.starts_at, e.local_date, e.local_time
      from generate_series(1, ${FANS}) f
      cross join generate_series(0, ${WATCHES_PER_FAN - 1}) w
      join scale_events s on s.k = ((f * ${WATCHES_PER_FAN} + w * 997) % ${pool})
      join events e on e.id = s.id
      on conflict do nothing`);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    await db.execute(sql`
      insert into push_subscriptions (uid, endpoint, p256dh, auth)
      select 'scale-fan-' || n, ${endpoint} || n, ${p256dh}, ${randomBytes(16).toString('base64url')}
      from generate_series(1, ${PUSH_FANS}) n`);
    const counted = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    const watches = await counted(sql`select count(*)::int as n from watches`);
    const seedSeconds = (performance.now() - seeding) / 1000;

    // The price change: one catalogue write over 10,000 watched events, a quarter off.
    await db.execute(sql`
      update events e set price_min = round((e.price_min * 0.75)::numeric, 2),
        price_max = round((e.price_max * 0.75)::numeric, 2), updated_at = now()
      from scale_events s where s.id = e.id and s.k < ${CHANGED_EVENTS}`);
    const watchesTouched = await counted(
      sql`select count(*)::int as n from watches w join scale_events s on s.id = w.event_id and s.k < ${CHANGED_EVENTS}`,
    );

    const evaluating = performance.now();
    const evaluated = await evaluateAlerts(db);
    const evaluateMs = performance.now() - evaluating;
    const delivering = performance.now();
    const totals = { alerts: 0, delivered: 0, failed: 0, gone: 0 };
    for (;;) {
      const batch = await deliverPendingPushes(db, { subject: 'mailto:alerts@encore.invalid', timeoutMs: 10_000 });
      totals.alerts += batch.alerts;
      totals.delivered += batch.delivered;
      totals.failed += batch.failed;
      totals.gone += batch.gone;
      if (batch.alerts === 0) break;
    }
    const deliverMs = performance.now() - delivering;
    console.log(
      JSON.stringify({
        database: database.kind,
        events_in_catalogue: await counted(sql`select count(*)::int as n from events`),
        fans: FANS,
        watches,
        changed_events: CHANGED_EVENTS,
        watches_on_changed_events: watchesTouched,
        push_subscribers: PUSH_FANS,
        price_alerts: evaluated.price,
        evaluate_ms: Math.round(evaluateMs),
        alerts_pushed: totals.alerts,
        pushes_delivered: totals.delivered,
        pushes_received: pushed,
        push_failures: totals.failed,
        deliver_ms: Math.round(deliverMs),
        total_ms: Math.round(evaluateMs + deliverMs),
        seed_seconds: Math.round(seedSeconds),
      }),
    );
  } finally {
    push.close();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
