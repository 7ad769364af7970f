import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from './sql.ts';

/**
 * In-process scheduled jobs that several Encore nodes may share a database for (ADR 0008).
 * Each run needs the job's lease row in job_locks: the first node to take an expired lease
 * runs, the lease lasts one interval (so no other node runs the same job in the same slot)
 * and is extended while a long run goes on. PGlite has one connection and PostgreSQL many;
 * a lease row behaves the same on both, where a session advisory lock would not.
 */

export type Job = {
  name: string;
  intervalMs: number;
  run: (signal: AbortSignal) => Promise<unknown>;
};

export type JobLogger = {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export const newHolderId = () => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Take the job's lease for `leaseMs` if nobody holds it; true when this holder now has it. */
export async function tryAcquireLease(db: Db, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const taken = await rows<{ name: string }>(
    db,
    sql`insert into job_locks (name, holder, lease_until, acquired_at)
      values (${name}, ${holder}, now() + ${leaseMs} * interval '1 millisecond', now())
      on conflict (name) do update
        set holder = excluded.holder, lease_until = excluded.lease_until, acquired_at = excluded.acquired_at
        where job_locks.lease_until <= now()
      returning name`,
  );
  return taken.length > 0;
}

export async function extendLease(db: Db, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const extended = await rows<{ name: string }>(
    db,
    sql`update job_locks set lease_until = now() + ${leaseMs} * interval '1 millisecond'
      where name = ${name} and holder = ${holder} returning name`,
  );
  return extended.length > 0;
}

async function markRun(db: Db, name: string, holder: string) {
  await db.execute(sql`update job_locks set last_run_at = now() where name = ${name} and holder = ${holder}`);
}

/** Give the lease back (on shutdown), so another node takes over at its next tick. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`update job_locks set lease_until = now() where name = ${name} and holder = ${holder}`);
}

export type Scheduler = { stop(): Promise<void>; runNow(name: string): Promise<boolean> };

/**
 * Run each job every `intervalMs` (0 disables it), the first time soon after start. A run
 * that fails is logged and the schedule goes on. `stop()` ends the timers, asks running jobs
 * to stop, waits for them and releases the leases this node holds.
 */
export function startJobs(
  db: Db,
  jobs: readonly Job[],
  options: { logger: JobLogger; holder?: string; firstRunMs?: number },
): Scheduler {
  const holder = options.holder ?? newHolderId();
  const controller = new AbortController();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<boolean>>();
  const held = new Set<string>();
  let stopped = false;

  const tick = async (job: Job): Promise<boolean> => {
    if (stopped) return false;
    const active = running.get(job.name);
    if (active) return active;
    const attempt = (async () => {
      const leaseMs = Math.max(job.intervalMs, 1000);
      if (!(await tryAcquireLease(db, job.name, holder, leaseMs))) {
        options.logger.debug({ job: job.name }, 'job held by another node');
        return false;
      }
      held.add(job.name);
      const heartbeat = setInterval(() => {
        extendLease(db, job.name, holder, leaseMs).catch(() => undefined);
      }, leaseMs / 2);
      heartbeat.unref();
      const started = Date.now();
      try {
        const result = await job.run(controller.signal);
        await markRun(db, job.name, holder);
        options.logger.debug({ job: job.name, ms: Date.now() - started, result }, 'job ran');
        return true;
      } finally {
        clearInterval(heartbeat);
      }
    })()
      .catch((error) => {
        if (!stopped) options.logger.error({ err: error, job: job.name }, 'job failed');
        return false;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, attempt);
    return attempt;
  };

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(async () => {
      await tick(job);
      schedule(job, job.intervalMs);
    }, delay);
    timer.unref();
    timers.set(job.name, timer);
  };

  for (const job of jobs) {
    if (job.intervalMs > 0) schedule(job, Math.min(job.intervalMs, options.firstRunMs ?? 2000));
  }
  options.logger.info(
    { jobs: jobs.filter((j) => j.intervalMs > 0).map((j) => `${j.name}/${j.intervalMs}ms`), holder },
    'jobs scheduled',
  );

  return {
    async runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no job ${name}`);
      return tick(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      controller.abort();
      await Promise.all(running.values());
      for (const name of held) await releaseLease(db, name, holder).catch(() => undefined);
    },
  };
}
