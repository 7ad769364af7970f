import { Worker } from 'node:worker_threads';
import type { Results, RowMode } from '@electric-sql/pglite';

/**
 * Embedded PGlite on a thread of its own (ADR 0041). PGlite is Postgres compiled to
 * WebAssembly: on the server's thread every statement blocked rendering for its whole run,
 * a third of a page's CPU. Here the server's thread posts the statement and renders other
 * pages until the answer comes back, so the machine's second core does the database work.
 *
 * The object below is what drizzle's PGlite driver and our own code call on a PGlite
 * instance: `query`, `exec`, `transaction` (with `query` and `exec` inside it), `close` and
 * `closed`. Errors come back with their name, message and Postgres fields (`code`,
 * `constraint`, …), so callers see what PGlite would have thrown.
 */

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: RowMode;
      drizzleParsers: boolean;
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

type PlainError = { name: string; message: string; [field: string]: unknown };
export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PlainError };

// drizzle-orm/pglite passes its parsers (dates as Postgres prints them) with every statement;
// functions cannot cross to the thread, so the thread applies the same ones when asked.
type QueryOptions = { rowMode?: RowMode; parsers?: object };

type Queries = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
};

export type PgliteThread = Queries & {
  transaction<T>(callback: (tx: Queries) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
};

function toError(plain: PlainError): Error {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  return error;
}

/** Starts the thread, opens `dataDir` there (initdb on first use) and resolves once it answers. */
export async function openPgliteThread(dataDir: string): Promise<PgliteThread> {
  // The thread runs our TypeScript through tsx, as the server does; a loader given on the
  // command line does not reach a worker's entry module, so the thread registers it first.
  const entry = new URL('./pglite-thread-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData: { dataDir }, execArgv: [] },
  );
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let closed = false;
  let failure: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => waiting.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: ThreadReply) => {
    const waiter = waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(toError(reply.error));
  });
  const fail = (error: Error) => {
    // A thread that died (a WebAssembly trap, out of memory) leaves nothing to ask: every
    // statement in flight and after fails as a closed PGlite does (client.ts isDatabaseUnavailable).
    failure = Object.assign(new Error(`PGlite is closed: ${error.message}`), { cause: error });
    closed = true;
    for (const waiter of waiting.values()) waiter.reject(failure);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`its thread exited with code ${code}`)));

  const ask = <T>(request: DistributiveOmit<ThreadRequest, 'id'>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const queries = (tx?: number): Queries => ({
    query: (sql, params, options) =>
      ask({ op: 'query', sql, params, rowMode: options?.rowMode, drizzleParsers: !!options?.parsers, tx }),
    exec: (sql) => ask({ op: 'exec', sql, tx }),
  });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    ...queries(),
    async transaction(callback) {
      const tx = await ask<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(queries(tx));
      } catch (error) {
        await ask({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (closed) return;
      try {
        await ask({ op: 'close' });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
    get closed() {
      return closed;
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
