import { parseArgs } from 'node:util';
import { DEFAULT_SEED, DEMO_SIZES, type DemoSize } from '#server/catalogue/demo/generate';
import { loadDemoCatalogue } from '#server/catalogue/demo/load';
import { createProgress } from '#server/catalogue/demo/progress';
import { openDatabase } from '#server/db/client';
import { parseEnv } from '#server/env';

const USAGE = `usage: npm run catalogue -- generate [--size small|medium|large] [--events N] [--seed N] [--now ISO]

Replaces the demo catalogue (source 'demo'; Ticketmaster rows are kept) in the database the
server uses (DATABASE_URL, else PGlite in DATA_DIR), in one transaction.
  --size    small ≈ ${DEMO_SIZES.small.toLocaleString('en-US')}, medium ≈ ${DEMO_SIZES.medium.toLocaleString('en-US')}, large ≈ ${DEMO_SIZES.large.toLocaleString('en-US')} events (default: CATALOGUE_SIZE, else small)
  --events  an exact number of events instead of a size
  --seed    seed of the generator (default ${DEFAULT_SEED}); the same seed gives the same catalogue
  --now     the instant dates are relative to (default: now)
With the embedded database (PGlite), stop the server first: one process at a time owns DATA_DIR.`;

export async function run(args: string[]): Promise<void> {
  let values: { size?: string; events?: string; seed?: string; now?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        size: { type: 'string' },
        events: { type: 'string' },
        seed: { type: 'string' },
        now: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = parseEnv();
  const size = (values.size ?? (env.CATALOGUE_SIZE === 'none' ? 'small' : env.CATALOGUE_SIZE)) as DemoSize;
  if (!(size in DEMO_SIZES)) throw new Error(`--size must be small, medium or large\n${USAGE}`);
  const events = values.events === undefined ? DEMO_SIZES[size] : wholeNumber('--events', values.events, 1);
  const seed = values.seed === undefined ? DEFAULT_SEED : wholeNumber('--seed', values.seed, 0);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime()))
    throw new Error(`--now must be an ISO date-time, e.g. 2026-03-01T12:00:00Z\n${USAGE}`);

  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
  console.error(`Generating ${events.toLocaleString('en-US')} demo events (seed ${seed}) into ${where}`);
  const progress = createProgress(
    process.stderr.isTTY ? { tty: process.stderr } : { log: (line) => console.error(line), logEveryMs: 5000 },
  );
  const controller = new AbortController();
  const interrupt = () => {
    console.error('\nInterrupted: rolling back, the database is left as it was.');
    controller.abort();
  };
  process.once('SIGINT', interrupt);
  try {
    const summary = await loadDemoCatalogue(database.db, {
      events,
      seed,
      now,
      signal: controller.signal,
      onProgress: progress.update,
    });
    progress.done();
    console.error(
      `Done in ${(summary.milliseconds / 1000).toFixed(1)} s: ${summary.events.toLocaleString('en-US')} events, ` +
        `${summary.attractions.toLocaleString('en-US')} attractions, ${summary.venues.toLocaleString('en-US')} venues` +
        (summary.rebuiltIndexes ? ' (search indexes rebuilt after the load)' : ''),
    );
  } catch (error) {
    progress.done();
    if (controller.signal.aborted) process.exitCode = 130;
    else throw error;
  } finally {
    process.off('SIGINT', interrupt);
    await database.close();
  }
}

function wholeNumber(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) {
    throw new Error(`${flag} must be a whole number${min > 0 ? ` of at least ${min}` : ''}\n${USAGE}`);
  }
  return n;
}
