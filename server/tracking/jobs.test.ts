import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { HEARTBEAT_MS, type Job, LEASE_MS, type Scheduler, startJobs } from './jobs.ts';
import { rows } from './sql.ts';

/**
 * Two nodes sharing jobs through one database (issue 17). The schedulers are beaten by hand
 * at times the test chooses (`at`), as their heartbeats would: no timer, no sleep.
 */

let database: Database;
let db: Db;
const quiet = { info() {}, debug() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.close();
});

/** A clock the test moves; each test starts on its own day so leases of others never meet it. */
function testClock(day: number) {
  let now = Date.UTC(2031, 0, day, 12);
  return { at: () => new Date(now), advance: (ms: number) => (now += ms), now: () => now };
}

/** A job whose runs are recorded per node, and which can be held running until released. */
function recordingJob(name: string, intervalMs: number, runs: Array<{ node: string; at: number }>, now: () => number) {
  let gate: Promise<void> | undefined;
  let open = () => {};
  const job = (node: string): Job => ({
    name,
    intervalMs,
    run: async () => {
      runs.push({ node, at: now() });
      await gate;
    },
  });
  return {
    job,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
  };
}

const node = (name: string, jobs: Job[], at: () => Date): Scheduler =>
  startJobs(db, jobs, { logger: quiet, holder: name, manual: true, at });

async function beatAll(nodes: Scheduler[]) {
  for (const n of nodes) await n.beat();
  for (const n of nodes) await n.idle();
}

describe('jobs shared by several nodes', () => {
  it('runs a job once per interval, on one node', async () => {
    const clock = testClock(1);
    const runs: Array<{ node: string; at: number }> = [];
    const { job } = recordingJob('once', 10_000, runs, clock.now);
    const nodes = [node('a', [job('a')], clock.at), node('b', [job('b')], clock.at)];
    const start = clock.now();
    for (let t = 0; t <= 30_000; t += HEARTBEAT_MS) {
      await beatAll(nodes);
      clock.advance(HEARTBEAT_MS);
    }
    expect(runs.map((r) => r.at - start)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(new Set(runs.map((r) => r.node)).size).toBe(1);
    const [row] = await rows<{ runs: number }>(db, sql`select runs from job_locks where name = 'once'`);
    expect(row!.runs).toBe(4);
  });

  it("takes over a crashed node's job within 15 s, and runs it when it is due, not before", async () => {
    const clock = testClock(2);
    const runs: Array<{ node: string; at: number }> = [];
    const { job } = recordingJob('crash', 30_000, runs, clock.now);
    const a = node('a', [job('a')], clock.at);
    await beatAll([a]);
    const b = node('b', [job('b')], clock.at);
    const crashedAt = clock.now(); // a renewed its lease last at this moment, then died
    let takenAfter: number | undefined;
    while (clock.now() - crashedAt <= 40_000) {
      clock.advance(HEARTBEAT_MS);
      await beatAll([b]);
      if (takenAfter === undefined && b.held().includes('crash')) takenAfter = clock.now() - crashedAt;
    }
    expect(takenAfter).toBeGreaterThan(LEASE_MS - HEARTBEAT_MS);
    expect(takenAfter).toBeLessThanOrEqual(15_000);
    // a ran at 0; b runs at 30 s, one interval later, not as soon as it holds the lease.
    expect(runs.map((r) => [r.node, r.at - crashedAt])).toEqual([
      ['a', 0],
      ['b', 30_000],
    ]);
  });

  it('hands a job over on a graceful stop only after its run finished, without running it twice', async () => {
    const clock = testClock(3);
    const runs: Array<{ node: string; at: number }> = [];
    const alerts = recordingJob('graceful', 30_000, runs, clock.now);
    const a = node('a', [alerts.job('a')], clock.at);
    const b = node('b', [alerts.job('b')], clock.at);
    const start = clock.now();
    alerts.hold();
    await a.beat(); // a takes the lease and starts a run that goes on
    await b.beat();
    const stopped = a.stop();
    // The run outlasts the lease: a's heartbeat keeps renewing it meanwhile.
    for (let t = 0; t < 3 * LEASE_MS; t += HEARTBEAT_MS) {
      clock.advance(HEARTBEAT_MS);
      await a.beat();
      await b.beat();
      expect(b.held()).toEqual([]);
    }
    alerts.release();
    await stopped;
    expect(a.held()).toEqual([]);
    clock.advance(HEARTBEAT_MS);
    await beatAll([b]);
    expect(b.held()).toEqual(['graceful']); // taken at once after the release…
    while (clock.now() - start < 40_000) {
      clock.advance(HEARTBEAT_MS);
      await beatAll([b]);
    }
    // …but run only when due: one interval after a's run started.
    expect(runs.map((r) => [r.node, r.at - start])).toEqual([
      ['a', 0],
      ['b', 30_000],
    ]);
  });

  it('spreads jobs over the nodes that start together', async () => {
    const clock = testClock(4);
    const names = ['spread-1', 'spread-2', 'spread-3'];
    const jobs = names.map((name) => ({ name, intervalMs: 60_000, run: async () => undefined }));
    const a = node('a', jobs, clock.at);
    const b = node('b', jobs, clock.at);
    for (let t = 0; t <= 3 * HEARTBEAT_MS; t += HEARTBEAT_MS) {
      await beatAll([a, b]);
      clock.advance(HEARTBEAT_MS);
    }
    expect(a.held().length + b.held().length).toBe(3);
    expect(a.held().length).toBeGreaterThanOrEqual(1);
    expect(b.held().length).toBeGreaterThanOrEqual(1);
    await a.stop();
    await b.stop();
  });

  it('says once that the database is out of reach, not an error at every heartbeat', async () => {
    const lost = await createTestDatabase();
    const said: Array<{ level: string; msg: string; reason?: unknown }> = [];
    const say = (level: string) => (obj: object, msg: string) =>
      said.push({ level, msg, reason: (obj as { reason?: unknown }).reason });
    const clock = testClock(5);
    const jobs = [{ name: 'outage-1', intervalMs: 60_000, run: async () => undefined }];
    const scheduler = startJobs(lost.db, jobs, {
      logger: { info: say('info'), debug() {}, warn: say('warn'), error: say('error') },
      holder: 'a',
      manual: true,
      at: clock.at,
    });
    await scheduler.beat();
    await scheduler.idle();
    expect(scheduler.held()).toEqual(['outage-1']);
    await lost.close();
    said.length = 0;
    for (let beat = 0; beat < 3; beat++) {
      clock.advance(HEARTBEAT_MS);
      await scheduler.beat();
    }
    expect(said).toEqual([
      { level: 'warn', msg: 'jobs paused: the database is out of reach', reason: expect.any(String) },
    ]);
    expect(said[0]!.reason).not.toMatch(/insert into|select /i);
  });
});
