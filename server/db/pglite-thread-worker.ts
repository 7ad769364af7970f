/**
 * The thread that owns embedded PGlite (ADR 0041): it opens the data directory, runs every
 * statement the server's thread posts, and posts the result back. One transaction at a time
 * holds PGlite (its own lock), so statements of other requests wait for it, as they did when
 * PGlite ran on the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.ts';
import type { ThreadReply, ThreadRequest } from './pglite-thread.ts';

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir: string };

// Drizzle asks for dates, timestamps and intervals as Postgres prints them (its pglite driver).
const identity = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    identity,
  ]),
);

/** Open transactions by id, each with the way to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTransaction = 1;

const reply = (message: ThreadReply) => port.postMessage(message);

/** An error as plain data: its name, message and Postgres fields (code, detail, constraint…). */
function plainError(error: unknown): Extract<ThreadReply, { ok: false }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || key === 'query' || key === 'params') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

async function run(pg: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx ? transactions.get(request.tx)?.tx : pg;
      if (!target) throw new Error('the transaction has ended');
      const result = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: request.drizzleParsers ? DRIZZLE_PARSERS : undefined,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const target = request.tx ? transactions.get(request.tx)?.tx : pg;
      if (!target) throw new Error('the transaction has ended');
      return (await target.exec(request.sql)).map((result) => ({
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      }));
    }
    case 'begin': {
      const id = nextTransaction++;
      const began = new Promise<number>((resolve, reject) => {
        pg.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              transactions.set(id, {
                tx,
                end: (yes) => (yes ? commit() : rollback(new Error('rolled back'))),
              });
              resolve(id);
            }),
        ).then(
          () => settle(id, true),
          (error) => settle(id, false, error),
        );
        // A BEGIN that failed never called the callback.
        ended.set(id, { resolve: () => {}, reject });
      });
      return began;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('the transaction has ended');
      const done = new Promise<void>((resolve, reject) => ended.set(request.tx, { resolve, reject }));
      open.end(request.commit);
      await done;
      return null;
    }
    case 'close':
      await pg.close();
      return null;
  }
}

/** Who waits for a transaction's COMMIT or ROLLBACK to finish. */
const ended = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

function settle(id: number, committed: boolean, error?: unknown) {
  const open = transactions.get(id);
  transactions.delete(id);
  const waiter = ended.get(id);
  ended.delete(id);
  if (!waiter) return;
  // A rollback the server's thread asked for is what it wanted; any other failure is reported.
  if (committed || (open && error instanceof Error && error.message === 'rolled back')) waiter.resolve();
  else waiter.reject(error);
}

try {
  const pg = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  port.on('message', (request: ThreadRequest) => {
    run(pg, request).then(
      (result) => reply({ id: request.id, ok: true, result }),
      (error) => reply({ id: request.id, ok: false, error: plainError(error) }),
    );
  });
  reply({ id: 0, ok: true, result: 'ready' });
} catch (error) {
  reply({ id: 0, ok: false, error: plainError(error) });
}
