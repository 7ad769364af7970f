import pino from 'pino';
import { createAuthService } from './accounts/auth-service.ts';
import { hearCatalogueChanges } from './catalogue/changes.ts';
import { prepareSearch } from './catalogue/search.ts';
import { ensureDemoCatalogue } from './catalogue/seed.ts';
import { openDatabase } from './db/client.ts';
import { EnvError, parseEnv } from './env.ts';
import { createWebServer, shutdown } from './http.ts';
import { startTracking } from './tracking/index.ts';

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = pino({ level: env.LOG_LEVEL, base: { service: 'encore' } });
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  logger.info({ database: database.kind }, 'database ready');

  const auth = createAuthService(env, { configureEmulator: env.FIREBASE_AUTH_EMULATOR_HOST ? { logger } : undefined });
  await auth.ready; // dev/test: the emulator answers production-style error codes before we serve
  const services = { env, database, logger, auth };
  // A fresh database gets the demo catalogue (CATALOGUE_SIZE) before the first request; Ctrl-C
  // during it rolls the load back and exits.
  const seeding = new AbortController();
  const interrupt = () => seeding.abort();
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const seeded = await ensureDemoCatalogue(services, { signal: seeding.signal });
  process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
  if (seeded.status === 'interrupted') {
    await database.close();
    process.exit(0);
  }
  // Every process's catalogue writes refresh this node's copies (ADR 0018); heard before the
  // snapshot is built, so no write falls between the two.
  const stopHearing = await hearCatalogueChanges(database, logger);
  // Search answers from an in-memory snapshot (ADR 0010): build it before the first keystroke.
  const indexing = performance.now();
  await prepareSearch(database.db);
  logger.info({ ms: Math.round(performance.now() - indexing) }, 'search index ready');
  const readiness = { ready: false };
  const app = await createWebServer({ services: { ...services, readiness } });
  // my Encore jobs (ADR 0008) need the migrated database; they stop before it closes.
  const tracking = await startTracking(services);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The balancer's next health check takes this node out while it drains.
    readiness.ready = false;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await shutdown(app, env.SHUTDOWN_GRACE_MS);
      await tracking.stop();
      await stopHearing();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // A node joining a balanced pool answers /api/health "starting" until its first renders are
  // done, so its first visitors do not pay for cold code (issue 17).
  await warmUp(app, logger);
  if (stopping) return;
  readiness.ready = true;
  logger.info('ready');
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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
