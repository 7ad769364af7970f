import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { createAuthService } from './accounts/auth-service.ts';
import { hearCatalogueChanges } from './catalogue/changes.ts';
import { prepareSearch } from './catalogue/search/index.ts';
import { ensureDemoCatalogue } from './catalogue/seed.ts';
import { type Database, innermostMessage, isDatabaseUnavailable, openDatabase } from './db/client.ts';
import { readEnvOrExit } from './env.ts';
import { createWebServer, shutdown } from './http.ts';
import { startTracking } from './tracking/index.ts';

/**
 * A signal during start-up stops it at the next step and exits; a step that cannot be
 * interrupted (one long statement) is given this long before the process exits anyway.
 */
const STARTUP_STOP_MS = 10_000;

class StartupInterrupted extends Error {}

/** What runs the server: the web build it renders with, when it is not loaded from `buildDir`. */
export type ServeOptions = {
  /** Folder holding React Router's `client/` and `server/` output (default `build`). */
  buildDir?: string;
  /** The server build itself: the compiled server is bundled with it (scripts/build-server.ts). */
  build?: ServerBuild;
};

async function main({ buildDir, build }: ServeOptions) {
  const env = readEnvOrExit();
  const logger = pino({ level: env.LOG_LEVEL, base: { service: 'encore' } });

  // Signals are ours from the first line: before listening they interrupt start-up (ADR 0016),
  // afterwards they drain and stop the server.
  const startup = new AbortController();
  let stopServing: ((signal: string) => void) | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopServing) return stopServing(signal);
    if (startup.signal.aborted) return;
    logger.info({ signal }, 'stopping during start-up');
    startup.abort();
    setTimeout(() => {
      logger.warn('start-up did not stop in time: exiting');
      process.exit(1);
    }, STARTUP_STOP_MS).unref();
  };
  process.on('SIGTERM', onSignal).on('SIGINT', onSignal);

  /** Awaits one start-up step, or throws as soon as a signal arrives. */
  const step = <T>(work: Promise<T>): Promise<T> => {
    if (startup.signal.aborted) return Promise.reject(new StartupInterrupted());
    return new Promise<T>((resolve, reject) => {
      const interrupted = () => reject(new StartupInterrupted());
      startup.signal.addEventListener('abort', interrupted, { once: true });
      work.then(resolve, reject).finally(() => startup.signal.removeEventListener('abort', interrupted));
    });
  };

  let database: Database | undefined;
  const opening = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  const cleanups: Array<() => Promise<unknown>> = [() => opening.catch(() => {})];
  try {
    database = await step(opening);
    logger.info({ database: database.kind }, 'database ready');

    const auth = createAuthService(env, {
      configureEmulator: env.FIREBASE_AUTH_EMULATOR_HOST ? { logger } : undefined,
    });
    await step(auth.ready); // dev/test: the emulator answers production-style error codes before we serve
    const services = { env, database, logger, auth };
    // A fresh database gets the demo catalogue (CATALOGUE_SIZE) before the first request; a
    // signal during it rolls the load back.
    const seeding = ensureDemoCatalogue(services, { signal: startup.signal });
    cleanups.push(() => seeding.catch(() => {}));
    const seeded = await step(seeding);
    if (seeded.status === 'interrupted') throw new StartupInterrupted();
    // Every process's catalogue writes refresh this node's copies (ADR 0018); heard before the
    // snapshot is built, so no write falls between the two.
    const stopHearing = await step(hearCatalogueChanges(database, logger));
    cleanups.push(() => stopHearing());
    // Search answers from an in-memory snapshot (ADR 0010): build it before the first keystroke.
    const indexing = performance.now();
    const searching = prepareSearch(database.db);
    cleanups.push(() => searching.catch(() => {}));
    await step(searching);
    logger.info({ ms: Math.round(performance.now() - indexing) }, 'search index ready');
    const readiness = { ready: false };
    const creating = createWebServer({ services: { ...services, readiness }, buildDir, build });
    cleanups.push(() => creating.then((app) => app.close()).catch(() => {}));
    const app = await step(creating);
    // my Encore jobs (ADR 0008) need the migrated database; they stop before it closes.
    const starting = startTracking(services);
    cleanups.push(() => starting.then((tracking) => tracking.stop()).catch(() => {}));
    const tracking = await step(starting);
    await step(app.listen({ port: env.PORT, host: env.HOST }));

    let stopping = false;
    stopServing = (signal) => {
      if (stopping) return;
      stopping = true;
      // The balancer's next health check takes this node out while it drains.
      readiness.ready = false;
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      void (async () => {
        try {
          await shutdown(app, env.SHUTDOWN_GRACE_MS);
          await tracking.stop();
          await stopHearing();
          await database?.close();
          logger.info('stopped');
          process.exit(0);
        } catch (error) {
          logger.error({ err: error }, 'unclean shutdown');
          process.exit(1);
        }
      })();
    };
    // A node joining a balanced pool answers /api/health "starting" until its first renders are
    // done, so its first visitors do not pay for cold code (issue 17).
    await warmUp(app, logger);
    if (!stopping) {
      readiness.ready = true;
      logger.info('ready');
    }
  } catch (error) {
    if (!(error instanceof StartupInterrupted)) throw error;
    // Whatever was under way settles (or the STARTUP_STOP_MS timer ends the process), then
    // the database closes so PGlite's files are left consistent.
    for (const cleanup of cleanups.reverse()) await cleanup();
    database ??= await opening.catch(() => undefined);
    await database?.close().catch(() => {});
    logger.info('stopped during start-up');
    process.exit(0);
  }
}

/** Pages and answers rendered once before the node reports ready; failures only delay nothing. */
const WARM_UP_PATHS = ['/', '/search?keyword=a', '/api/events/search?keyword=a', '/api/events?size=20'];

async function warmUp(app: Awaited<ReturnType<typeof createWebServer>>, logger: pino.Logger): Promise<void> {
  const started = performance.now();
  for (const url of WARM_UP_PATHS) {
    try {
      await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    } catch (error) {
      logger.warn({ err: error, url }, 'warm-up request failed');
    }
  }
  logger.info({ ms: Math.round(performance.now() - started) }, 'warmed up');
}

/**
 * Starts Encore and keeps it serving until a signal stops it; a start-up failure is printed
 * and exits 1. Run compiled (`node build/node/main.mjs`, ADR 0056) or from source (main.ts).
 */
export function serve(options: ServeOptions = {}): void {
  main(options).catch((error) => {
    // The cause an operator acts on first: a database out of reach.
    console.error(
      isDatabaseUnavailable(error)
        ? `Encore could not start: its database is out of reach (${innermostMessage(error)})`
        : error instanceof Error
          ? error.message
          : error,
    );
    process.exit(1);
  });
}
