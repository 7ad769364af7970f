import { sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { DEFAULT_SEED, DEMO_SIZES } from './demo/generate.ts';
import { type LoadSummary, loadDemoCatalogue } from './demo/load.ts';
import { createProgress } from './demo/progress.ts';

export type SeedOptions = {
  /** Stops the load (rolled back) when aborted, e.g. on SIGINT during start-up. */
  signal?: AbortSignal;
  /** Where a progress bar is drawn; defaults to stderr when it is a terminal. */
  tty?: { write(text: string): unknown; columns?: number } | null;
  now?: Date;
  /** Fewer events than CATALOGUE_SIZE gives (tests). */
  events?: number;
};

/**
 * At start-up, fills an empty catalogue with the demo catalogue of CATALOGUE_SIZE (default
 * small ≈ 20k events; `none` skips), so a fresh clone serves a browsable site on first
 * `npm start`. A catalogue that has any events (demo or ingested) is left alone. Progress goes
 * to a bar on a terminal, otherwise to the log.
 *
 * Answers `loaded` or `skipped`, or `interrupted` when the signal aborted the load (nothing was
 * written). Any other failure is logged and answered as `failed`: the site then starts with an
 * empty catalogue rather than not at all.
 */
export async function ensureDemoCatalogue(
  services: Pick<Services, 'env' | 'database' | 'logger'>,
  options: SeedOptions = {},
): Promise<{ status: 'loaded' | 'skipped' | 'interrupted' | 'failed'; summary?: LoadSummary }> {
  const { env, database, logger } = services;
  const size = env.CATALOGUE_SIZE;
  if (size === 'none') return { status: 'skipped' };
  const existing = await database.db.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM events) AS any`);
  if (existing.rows[0]?.any) return { status: 'skipped' };

  const tty = options.tty === undefined ? (process.stderr.isTTY ? process.stderr : null) : options.tty;
  logger.info({ size, events: options.events ?? DEMO_SIZES[size] }, 'empty catalogue: generating the demo catalogue');
  const progress = createProgress(tty ? { tty } : { log: (line) => logger.info(line) });
  try {
    const summary = await loadDemoCatalogue(database.db, {
      events: options.events ?? DEMO_SIZES[size],
      seed: DEFAULT_SEED,
      now: options.now,
      signal: options.signal,
      onlyIfEmpty: true,
      onProgress: progress.update,
    });
    progress.done();
    if (summary.skipped) return { status: 'skipped', summary };
    logger.info(
      {
        events: summary.events,
        attractions: summary.attractions,
        venues: summary.venues,
        ms: summary.milliseconds,
      },
      'demo catalogue ready',
    );
    return { status: 'loaded', summary };
  } catch (error) {
    progress.done();
    if (options.signal?.aborted) {
      logger.warn('demo catalogue generation interrupted; nothing was written');
      return { status: 'interrupted' };
    }
    logger.error({ err: error }, 'demo catalogue generation failed; starting with the catalogue as it is');
    return { status: 'failed' };
  }
}
