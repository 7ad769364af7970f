import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Reply, Request, SentError, ThreadData } from './pglite-thread.ts';

/**
 * The embedded database's own thread (ADR 0050): PGlite opened here, every statement run
 * here, so the request thread renders while the database works. Statements arrive from
 * pglite-thread.ts in the order they were asked; PGlite runs them one at a time, as it would
 * on the request thread, transactions included.
 */
const port = parentPort!;
const { dataDir } = workerData as ThreadData;
// The extensions our SQL relies on (client.ts pgliteExtensions; this thread loads only what it needs).
const db = await PGlite.create({ dataDir, extensions: { cube, earthdistance, pg_trgm } });

/** Open transactions by id: their statements run on the transaction's connection. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();

port.on('message', (request: Request) => {
  void answer(request).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ id: request.id, error: sent(error) } satisfies Reply),
  );
});
port.postMessage({ id: 0, result: 'ready' } satisfies Reply);

async function answer(request: Request): Promise<Reply> {
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? db : openTransaction(request.tx);
      return { id: request.id, result: await on.query(request.sql, request.params, optionsOf(request)) };
    }
    case 'exec': {
      const on = request.tx === undefined ? db : openTransaction(request.tx);
      return { id: request.id, result: await on.exec(request.sql, optionsOf(request)) };
    }
    case 'begin':
      return begin(request.id, request.tx);
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) throw new Error(`no open transaction ${request.tx}`);
      entry.end(request.commit);
      // Answered once PGlite has committed or rolled back: a failed COMMIT is the caller's error.
      await entry.done;
      return { id: request.id, result: null };
    }
    case 'close':
      await db.close();
      return { id: request.id, result: null };
  }
}

/**
 * Opens a transaction that stays open until the request thread ends it ('end'): the reply says
 * it is open, or why it could not begin.
 */
function begin(id: number, txId: number): Promise<Reply> {
  return new Promise<Reply>((reply) => {
    let opened = false;
    let end: (commit: boolean) => void = () => undefined;
    const done = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            opened = true;
            end = (yes) => (yes ? commit() : rollback(new RolledBack()));
            open.set(txId, { tx, end: (yes) => end(yes), done });
            reply({ id, result: 'open' });
          }),
      )
      .catch((error: unknown) => {
        if (!opened) reply({ id, error: sent(error) });
        else if (!(error instanceof RolledBack)) throw error;
      })
      .finally(() => open.delete(txId));
    // Nobody awaits `done` before 'end' does: a failure is reported there.
    done.catch(() => undefined);
  });
}

function openTransaction(txId: number): Transaction {
  const entry = open.get(txId);
  if (!entry) throw new Error(`no open transaction ${txId}`);
  return entry.tx;
}

class RolledBack extends Error {}

/** The caller's options, with the values the request thread asked to keep as text. */
function optionsOf(request: { rowMode?: QueryOptions['rowMode']; textTypes?: number[] }): QueryOptions {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.textTypes?.length)
    options.parsers = Object.fromEntries(request.textTypes.map((type) => [type, (value: string) => value]));
  return options;
}

/** An error as the request thread rebuilds it: the database's fields (code, detail, …) kept. */
function sent(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
