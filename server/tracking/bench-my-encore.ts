/**
 * Benchmark: the server render of /my-encore for a fan watching many events (ADR 0008).
 *
 *   npx react-router build && node --import tsx server/tracking/bench-my-encore.ts [--watches 200] [--requests 40] [--dump page.html]
 *
 * A throwaway PGlite with a demo catalogue, one fan with N watched events (each with a price
 * history from simulated market ticks), 20 followed artists and a page of alerts; then the
 * page is rendered through the real web server (session cookie, loader, React SSR) and the
 * loader's data call is timed alone. Prints median and p95 of each, and the HTML size.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { productionTestAuth } from '../accounts/test-keys.ts';
import { DEFAULT_SEED } from '../catalogue/demo/generate.ts';
import { loadDemoCatalogue } from '../catalogue/demo/load.ts';
import { openDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { createWebServer } from '../http.ts';
import { evaluateAlerts } from './alerts.ts';
import { trackingConfig } from './config.ts';
import { putFollow } from './follows.ts';
import { loadMyEncoreData } from './my-encore.ts';
import { observeTrackedEvents } from './observations.ts';
import { seededRandom, simulateMarket } from './simulator.ts';
import { rows } from './sql.ts';
import { insertAccount } from './testing/fixtures.ts';
import { putWatch } from './watches.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WATCHES = arg('watches', 200);
const REQUESTS = arg('requests', 40);
const PROJECT = 'encore-bench';
const UID = 'bench-fan';
/** Upcoming watches the page shows before "Show all" (app/lib/tracking-view.ts WATCHES_SHOWN). */
const SHOWN = 20;
/** Followed artists the page shows before "Show all" (FOLLOWS_SHOWN there). */
const FOLLOWS_SHOWN = 12;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'encore-bench-my-encore-'));
  const database = await openDatabase({ dataDir: dir });
  const tokens = await productionTestAuth(PROJECT);
  try {
    const { db } = database;
    const started = Date.now();
    await loadDemoCatalogue(db, { events: Math.max(5000, WATCHES * 5), seed: DEFAULT_SEED });
    const env = parseEnv({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: PROJECT, LOG_LEVEL: 'silent', DATA_DIR: dir });
    const services = { env, database, logger: pino({ level: 'silent' }), auth: tokens.auth };
    const config = trackingConfig(env);
    const history = { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs };

    await insertAccount(db, UID, { maxBudget: 150 });
    const picked = await rows<{ id: string }>(
      db,
      sql`select id from events where starts_at > now() and price_min is not null order by popularity desc, id limit ${WATCHES}`,
    );
    for (const [i, { id }] of picked.entries()) {
      await putWatch(
        db,
        UID,
        id,
        { ticketCategory: i % 2 ? 'cheapest' : 'good_view', targetPrice: 40 + (i % 60) },
        history,
      );
    }
    const artists = await rows<{ id: string }>(
      db,
      sql`select id from attractions where upcoming_events > 0 order by popularity desc limit 20`,
    );
    for (const { id } of artists) await putFollow(db, UID, id);
    const random = seededRandom(2024);
    for (let tick = 0; tick < 60; tick++) {
      await simulateMarket(db, { random });
      if (tick % 10 === 0) await evaluateAlerts(db);
    }
    await observeTrackedEvents(db);
    const [counts] = await rows<{ watches: number; observations: number; alerts: number }>(
      db,
      sql`select (select count(*) from watches where uid = ${UID})::int as watches,
        (select count(*) from event_observations o join watches w on w.event_id = o.event_id and w.uid = ${UID})::int as observations,
        (select count(*) from alerts where uid = ${UID})::int as alerts`,
    );
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);

    const app = await createWebServer({ services });
    const cookie = `encore_session=${tokens.mint(UID)}`;
    const render = async () => {
      const t = performance.now();
      const response = await app.inject({ method: 'GET', url: '/my-encore', headers: { cookie } });
      const elapsed = performance.now() - t;
      if (response.statusCode !== 200) throw new Error(`GET /my-encore answered ${response.statusCode}`);
      return { elapsed, bytes: Buffer.byteLength(response.body), body: response.body };
    };
    const first = await render();
    const dump = process.argv.indexOf('--dump');
    if (dump > 0) await writeFile(process.argv[dump + 1]!, first.body);
    const loadData = () =>
      loadMyEncoreData(db, config, UID, {
        origin: 'http://127.0.0.1',
        apiBase: '/api',
        now: new Date().toISOString(),
        shown: SHOWN,
        followsShown: FOLLOWS_SHOWN,
      });
    const shown = (await loadData()).upcoming.length;
    const rendered = (first.body.match(/data-testid="watch"/g) ?? []).length;
    if (rendered !== shown) throw new Error(`rendered ${rendered} watches, expected ${shown}`);
    for (let i = 0; i < 5; i++) await render();
    const pages: number[] = [];
    for (let i = 0; i < REQUESTS; i++) pages.push((await render()).elapsed);
    const loads: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await loadData();
      loads.push(performance.now() - t);
    }
    await app.close();
    console.log(
      `GET /my-encore with ${counts!.watches} watched events (${(first.bytes / 1024).toFixed(0)} KB of HTML), ${REQUESTS} sequential renders on PGlite:`,
    );
    console.log(`  whole page: median ${ms(percentile(pages, 50))}, p95 ${ms(percentile(pages, 95))}`);
    console.log(`  data (loadMyEncore): median ${ms(percentile(loads, 50))}, p95 ${ms(percentile(loads, 95))}`);
  } finally {
    await database.close();
    await tokens.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
