import pino from 'pino';
import { createAuthService } from './accounts/auth-service.ts';
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
  // Search answers from an in-memory snapshot (ADR 0010): build it before the first keystroke.
  const indexing = performance.now();
  await prepareSearch(database.db);
  logger.info({ ms: Math.round(performance.now() - indexing) }, 'search index ready');
  const app = await createWebServer({ services });
  // my Encore jobs (ADR 0008) need the migrated database; they stop before it closes.
  const tracking = await startTracking(services);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await shutdown(app, env.SHUTDOWN_GRACE_MS);
      await tracking.stop();
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
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
