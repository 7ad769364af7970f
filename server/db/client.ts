import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPgliteThread, type PgliteClient, type PgliteThread } from './pglite-thread.ts';
import * as catalogueSchema from './schema.ts';
import * as trackingSchema from './schema-tracking.ts';

const schema = { ...catalogueSchema, ...trackingSchema };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The extensions our SQL relies on; loaded into PGlite, created by the first migration. */
export const pgliteExtensions = { cube, earthdistance, pg_trgm };

// Both drivers expose the same query builder; we type against the node-postgres flavour.
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; resolves false instead of throwing. */
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel` on a connection of its own (PostgreSQL server only: PGlite is one
   * process, whose writers say so in-process). A lost connection is opened again, with
   * `reconnected` called once it listens again: notifications sent meanwhile were missed.
   * Resolves once listening; the function it returns stops.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type ListenHandlers = {
  notify: (payload: string) => void;
  reconnected: () => void;
  lost?: (error: Error) => void;
};

export type DatabaseOptions = { url: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // While the server is down, a request waits this long for a connection before its 503.
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection the server drops (restart, failover, admin termination) must not crash
    // the process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    // The pool listens to its idle connections only. One checked out (a transaction, the
    // migrations at start) that the server drops emits 'error' too, and with no listener that
    // ends the process: its statement under way already fails with the same error, and the
    // pool discards it at release (it is no longer queryable), so there is nothing more to do.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: sharedPing(() => pool.query('select 1')),
      listen: (channel, handlers) => listenOn(options.url, channel, handlers),
      close: () => pool.end(),
    };
  }
  let client: PGlite | PgliteThread;
  let releaseLock = () => {};
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
    try {
      // A data directory is the server's database: on a thread of its own (ADR 0050).
      client = await openPgliteThread(path.join(options.dataDir, 'pglite'));
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  // Drizzle's PGlite driver calls query, exec and transaction: the thread's client has them.
  const db = drizzlePglite({ client: client as PGlite, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: recentPing(client),
    close: async () => {
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}

/** Waits between attempts to open a lost LISTEN connection again. */
const RELISTEN_MS = [100, 250, 500, 1000, 2000];

async function listenOn(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  const open = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    const lose = (error: Error) => {
      if (client !== next || stopped) return;
      client = undefined;
      next.end().catch(() => undefined);
      handlers.lost?.(error);
      again();
    };
    next.on('error', lose);
    next.on('end', () => lose(new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    // Only a listening connection is watched: a failed attempt is retried by `again`.
    client = next;
  };
  const again = () => {
    if (stopped) return;
    const wait = RELISTEN_MS[Math.min(attempt++, RELISTEN_MS.length - 1)]!;
    timer = setTimeout(() => {
      open().then(
        () => {
          attempt = 0;
          handlers.reconnected();
        },
        (error: Error) => {
          handlers.lost?.(error);
          again();
        },
      );
    }, wait);
    timer.unref();
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}: embedded PGlite allows one process at a time. ` +
        'Stop that process first, or use a PostgreSQL server (DATABASE_URL) to share the data.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite has no lock of its own: two processes on one data dir corrupt it. A pid file taken
 * with O_EXCL guards it; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && processAlive(owner)) throw new DataDirInUseError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** pg and Node error codes that mean "the server cannot be reached or is going away". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/;

/**
 * Whether an error means the database is out of reach (a PostgreSQL server down or
 * restarting, connections terminated, PGlite failed) rather than a fault of the request: the
 * former is answered 503 with Retry-After, and the pool reconnects on its own once the
 * server is back. Drizzle wraps driver errors, so the cause chain is followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // A WebAssembly trap inside PGlite leaves the instance unusable.
    if (name === 'RuntimeError') return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The driver's own words under the wrappers (a query's text says nothing of where it went). */
export function innermostMessage(error: unknown): string {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Whether the database answers. Every page asks (app/lib/auth.server.ts requireDatabase), so
 * pages arriving together share the one question in flight: on PGlite a statement waits its
 * turn behind every other, and costs as much as a small page query (ADR 0034).
 */
function sharedPing(query: () => Promise<unknown>): () => Promise<boolean> {
  let asking: Promise<boolean> | undefined;
  return () => {
    asking ??= ping(query).finally(() => {
      asking = undefined;
    });
    return asking;
  };
}

/** How long a PGlite answer to the page check stands for the next pages. */
const PGLITE_PING_MS = 1_000;

/**
 * PGlite runs inside this process (on a thread of its own, ADR 0050): it is out of reach once
 * closed, which is known without a
 * statement. A statement that fails otherwise (a WebAssembly trap) is caught by a real query
 * at most once a second, and by each page's own statements (isDatabaseUnavailable). Every
 * page asked one `select 1` before, which waited its turn behind the pages' own statements.
 */
function recentPing(client: Pick<PgliteClient, 'query' | 'closed'>): () => Promise<boolean> {
  const asked = sharedPing(() => client.query('select 1'));
  let okUntil = 0;
  return async () => {
    if (client.closed) return false;
    if (performance.now() < okUntil) return true;
    const ok = await asked();
    okUntil = ok ? performance.now() + PGLITE_PING_MS : 0;
    return ok;
  };
}

async function ping(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}
