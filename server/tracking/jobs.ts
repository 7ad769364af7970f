import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, innermostMessage, isDatabaseUnavailable } from '../db/client.ts';
import { rows } from './sql.ts';

/**
 * In-process scheduled jobs that several Encore nodes may share a database for (ADR 0008,
 * ADR 0020). Each job has a lease row in job_locks, held by one node at a time and renewed
 * by a heartbeat that does not depend on the job's interval: a node that dies loses its
 * leases within LEASE_MS, and another takes them at its next heartbeat. When a job last
 * started is kept in the row (`last_run_at`), so whoever holds the lease runs it once per
 * interval, a new holder included. A stopping node finishes its running jobs before it gives
 * their leases back. PGlite has one connection and PostgreSQL many; a lease row behaves the
 * same on both, where a session advisory lock would not.
 */

export type Job = {
  name: string;
  intervalMs: number;
  run: (signal: AbortSignal) => Promise<unknown>;
};

export type JobLogger = {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** How often a node renews its leases and looks for free ones. */
export const HEARTBEAT_MS = 2_000;
/**
 * How long a lease outlives its last renewal: two heartbeats may be missed (a busy event
 * loop) before another node takes over. A crash hands over within LEASE_MS, plus a heartbeat,
 * plus HEARTBEAT_MS for each lease the taker already holds (below): 12 s with three jobs.
 */
export const LEASE_MS = 6_000;

export const newHolderId = () => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export type Claim = { held: false } | { held: true; now: string; dueInMs: number };

/**
 * Renews this holder's lease on a job, or takes it when it is free: expired for at least
 * `yieldMs`, which lets a node that holds fewer leases take it first (jobs spread over nodes).
 * `at` is the time to act at (tests); the database's clock otherwise, one clock for every node.
 */
export async function claimLease(
  db: Db,
  job: Pick<Job, 'name' | 'intervalMs'>,
  holder: string,
  options: { yieldMs?: number; at?: Date } = {},
): Promise<Claim> {
  const now = clock(options.at);
  const [row] = await rows<{ now: string; due_in_ms: number }>(
    db,
    sql`insert into job_locks as l (name, holder, lease_until, acquired_at)
      values (${job.name}, ${holder}, ${now} + ${LEASE_MS} * interval '1 millisecond', ${now})
      on conflict (name) do update set
        holder = excluded.holder,
        lease_until = excluded.lease_until,
        acquired_at = case when l.holder = excluded.holder then l.acquired_at else excluded.acquired_at end
      where l.holder = excluded.holder
        or l.lease_until + ${options.yieldMs ?? 0} * interval '1 millisecond' <= ${now}
      returning ${now}::text as now,
        coalesce(extract(epoch from l.last_run_at + ${job.intervalMs} * interval '1 millisecond' - ${now}) * 1000, 0)::float8
          as due_in_ms`,
  );
  return row ? { held: true, now: row.now, dueInMs: row.due_in_ms } : { held: false };
}

/** Makes sure each job has a row, free since `at`, so the first taker yields as a renewal would. */
async function registerJobs(db: Db, names: readonly string[], at?: Date): Promise<void> {
  for (const name of names) {
    await db.execute(
      sql`insert into job_locks (name, holder, lease_until, acquired_at) values (${name}, '', ${clock(at)}, ${clock(at)})
        on conflict (name) do nothing`,
    );
  }
}

/** Records a finished run as started at `startedAt`, if this holder still holds the lease. */
async function markRun(db: Db, name: string, holder: string, startedAt: string): Promise<boolean> {
  const marked = await rows<{ name: string }>(
    db,
    sql`update job_locks set last_run_at = ${startedAt}::timestamptz, runs = runs + 1
      where name = ${name} and holder = ${holder} returning name`,
  );
  return marked.length > 0;
}

/** Gives leases back (a graceful stop): another node takes them at its next heartbeat. */
async function releaseLeases(db: Db, names: readonly string[], holder: string, at?: Date): Promise<void> {
  for (const name of names) {
    await db.execute(sql`update job_locks set lease_until = ${clock(at)} where name = ${name} and holder = ${holder}`);
  }
}

const clock = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`statement_timestamp()`);

export type Scheduler = {
  /** Renews or takes leases and starts due jobs (every HEARTBEAT_MS unless `manual`). */
  beat(): Promise<void>;
  /** Resolves once no job of this node is running. */
  idle(): Promise<void>;
  /** Jobs whose lease this node holds. */
  held(): string[];
  /**
   * Graceful stop: starts nothing more, keeps renewing the leases of running jobs until they
   * finish, then gives every lease back.
   */
  stop(): Promise<void>;
};

export type SchedulerOptions = {
  logger: JobLogger;
  holder?: string;
  /** No timers: the caller beats (tests, with `at`). */
  manual?: boolean;
  /** The time to act at (tests); the database's clock otherwise. */
  at?: () => Date;
};

/**
 * Runs each job (intervalMs 0 disables it) once per interval on whichever node holds its
 * lease. A run that fails is logged, recorded like any run, and the schedule goes on.
 */
export function startJobs(db: Db, jobs: readonly Job[], options: SchedulerOptions): Scheduler {
  const holder = options.holder ?? newHolderId();
  const enabled = jobs.filter((job) => job.intervalMs > 0);
  const controller = new AbortController();
  const running = new Map<string, Promise<void>>();
  const held = new Set<string>();
  const dueTimers = new Map<string, NodeJS.Timeout>();
  const at = () => options.at?.();
  let stopped = false;
  let beating: Promise<void> | undefined;
  let registered = false;
  // The database was out of reach at the last lease check: said once, not every heartbeat.
  let outage = false;
  const leaseCheckFailed = (error: unknown, job?: Job) => {
    if (!isDatabaseUnavailable(error)) {
      options.logger.error({ err: error, job: job?.name }, 'job lease check failed');
    } else if (!outage) {
      outage = true;
      options.logger.warn({ reason: innermostMessage(error) }, 'jobs paused: the database is out of reach');
    }
  };

  const run = (job: Job, startedAt: string) => {
    const started = Date.now();
    const attempt = (async () => {
      let result: unknown;
      try {
        result = await job.run(controller.signal);
      } catch (error) {
        options.logger.error({ err: error, job: job.name }, 'job failed');
      }
      if (await markRun(db, job.name, holder, startedAt).catch(() => false)) {
        options.logger.debug({ job: job.name, ms: Date.now() - started, result }, 'job ran');
      } else {
        options.logger.warn({ job: job.name }, 'job finished after its lease was lost');
      }
    })().finally(() => running.delete(job.name));
    running.set(job.name, attempt);
  };

  const step = async (job: Job) => {
    if (stopped && !running.has(job.name)) return;
    const others = [...held].filter((name) => name !== job.name).length;
    const claim = await claimLease(db, job, holder, { yieldMs: others * HEARTBEAT_MS, at: at() });
    if (!claim.held) {
      if (held.delete(job.name)) options.logger.warn({ job: job.name }, 'job lease lost');
      return;
    }
    if (!held.has(job.name)) {
      held.add(job.name);
      options.logger.info({ job: job.name, holder }, 'job lease taken');
    }
    if (stopped || running.has(job.name)) return;
    if (claim.dueInMs <= 0) run(job, claim.now);
    else if (!options.manual && claim.dueInMs < HEARTBEAT_MS) {
      // Due before the next heartbeat: on time, not up to a heartbeat late.
      clearTimeout(dueTimers.get(job.name));
      const timer = setTimeout(() => {
        dueTimers.delete(job.name);
        step(job).catch((error) => leaseCheckFailed(error, job));
      }, claim.dueInMs);
      timer.unref();
      dueTimers.set(job.name, timer);
    }
  };

  const beat = () => {
    beating ??= (async () => {
      try {
        if (!registered) {
          await registerJobs(
            db,
            enabled.map((job) => job.name),
            at(),
          );
          registered = true;
        }
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return leaseCheckFailed(error);
      }
      for (const job of enabled) {
        try {
          await step(job);
        } catch (error) {
          leaseCheckFailed(error, job);
          // Out of reach for one job is out of reach for the rest of this beat.
          if (isDatabaseUnavailable(error)) return;
        }
      }
      if (outage) {
        outage = false;
        options.logger.info({}, 'jobs resumed: the database answers again');
      }
    })().finally(() => {
      beating = undefined;
    });
    return beating;
  };

  let heartbeat: NodeJS.Timeout | undefined;
  if (!options.manual && enabled.length > 0) {
    const beatLogged = () => beat().catch((error) => options.logger.error({ err: error }, 'job heartbeat failed'));
    heartbeat = setInterval(beatLogged, HEARTBEAT_MS);
    heartbeat.unref();
    void beatLogged();
  }
  options.logger.info({ jobs: enabled.map((j) => `${j.name}/${j.intervalMs}ms`), holder }, 'jobs scheduled');

  const idle = async () => {
    while (running.size > 0) await Promise.all(running.values());
  };

  return {
    beat,
    idle,
    held: () => [...held],
    async stop() {
      stopped = true;
      for (const timer of dueTimers.values()) clearTimeout(timer);
      controller.abort();
      await idle();
      clearInterval(heartbeat);
      await beating?.catch(() => undefined);
      await releaseLeases(db, [...held], holder, at()).catch(() => undefined);
      held.clear();
    },
  };
}
