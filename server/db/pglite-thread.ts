import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Row, RowMode } from '@electric-sql/pglite';

/**
 * The embedded database on a thread of its own (ADR 0050). PGlite is Postgres compiled to
 * WebAssembly: on the request thread, every statement (planning, executing, turning rows into
 * JavaScript values) held up every other request, and a page's statement cost as much as its
 * render. Here PGlite runs in a worker thread and this module is the client Drizzle talks to:
 * the few methods of PGlite it calls (query, exec, transaction), each a message to the
 * worker and a message back with the rows.
 *
 * Statements run in the order they were sent, one at a time, as before; a transaction holds
 * the database until it ends, and statements from outside it wait, as PGlite makes them wait.
 * Values cross the thread by structured clone: what PGlite parsed (numbers, JSON, dates)
 * arrives as it was. Parsers cannot cross a thread: the only ones asked for, Drizzle's, keep
 * some types as text, and they are sent as that list of types.
 */

export type ThreadData = { dataDir: string };

type Statement = { sql: string; tx?: number; rowMode?: RowMode; textTypes?: number[] };
export type Request = { id: number } & (
  | ({ op: 'query'; params?: unknown[] } & Statement)
  | ({ op: 'exec' } & Statement)
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);
/** A request before its id: Omit on each member of the union. */
type Asked = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
export type SentError = { name: string; message: string; stack?: string; fields: Record<string, unknown> };
export type Reply = { id: number; result?: unknown; error?: SentError };

/** What Drizzle's PGlite driver calls on its client, and on a transaction's. */
export type PgliteClient = {
  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(run: (tx: PgliteClient) => Promise<T>): Promise<T>;
  readonly closed: boolean;
};

export type PgliteThread = PgliteClient & { close(): Promise<void> };

const WORKER = new URL('./pglite-thread.worker.mjs', import.meta.url);

/** Opens the PGlite data directory `dataDir` on its own thread. */
export async function openPgliteThread(dataDir: string): Promise<PgliteThread> {
  // The thread's entry registers its own loader: none of this process's flags (an --eval's
  // --input-type, say) apply to it.
  const worker = new Worker(WORKER, { workerData: { dataDir } satisfies ThreadData, execArgv: [] });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  let closed = false;
  /** Why the thread is gone, once it is: every later call fails with it. */
  let gone: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => waiting.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: Reply) => {
    const waiter = waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id);
    // An idle database thread does not keep the process alive (a script that ends without close()).
    if (waiting.size === 0) worker.unref();
    if (reply.error) waiter.reject(rebuilt(reply.error));
    else waiter.resolve(reply.result);
  });
  const fail = (error: Error) => {
    closed = true;
    gone ??= error;
    for (const waiter of waiting.values()) waiter.reject(gone);
    waiting.clear();
  };
  worker.on('error', (error) => fail(new Error(`PGlite is closed: its thread failed (${error.message})`)));
  worker.on('exit', (code) => fail(new Error(`PGlite is closed: its thread exited (${code})`)));

  const ask = <T>(request: Asked): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...request, id } as Request);
    });
  };

  const client = (tx?: number): PgliteClient => ({
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      ask<Results<T>>({ op: 'query', sql, params, tx, ...sentOptions(options) }),
    exec: async (sql: string, options?: QueryOptions) =>
      ask<Results[]>({ op: 'exec', sql, tx, ...sentOptions(options) }),
    async transaction<T>(run: (tx: PgliteClient) => Promise<T>): Promise<T> {
      // A transaction inside one is a savepoint in Drizzle, never a nested call here.
      if (tx !== undefined) throw new Error('PGlite has no nested transactions');
      const id = nextTx++;
      await ask({ op: 'begin', tx: id });
      let result: T;
      try {
        result = await run(client(id));
      } catch (error) {
        await ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', tx: id, commit: true });
      return result;
    },
    get closed() {
      return closed;
    },
  });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return Object.assign(client(), {
    async close() {
      if (closed) return;
      try {
        await ask({ op: 'close' });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  });
}

/** Options as they cross the thread: parsers that keep values as text become the list of their types. */
function sentOptions(options: QueryOptions | undefined): Pick<Statement, 'rowMode' | 'textTypes'> {
  if (!options) return {};
  const { rowMode, parsers, serializers, blob, onNotice, paramTypes } = options;
  if (serializers || blob || onNotice || paramTypes) throw new Error('PGlite thread: unsupported query option');
  const textTypes = parsers
    ? Object.entries(parsers).map(([type, parse]) => {
        if (parse('0') !== '0') throw new Error(`PGlite thread: a parser for type ${type} cannot cross threads`);
        return Number(type);
      })
    : undefined;
  return { rowMode, textTypes };
}

/** The database's error as this thread throws it: same name, message and fields (code, detail, …). */
function rebuilt(sent: SentError): Error {
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return Object.assign(error, sent.fields);
}
