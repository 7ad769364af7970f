import pino from 'pino';
import type { Services } from '../context.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';

/** Services for a test: real database, quiet logger, env defaults plus overrides. */
export function testServices(database: Database, env: Record<string, string> = {}): Services {
  return {
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ...env }),
    database,
    logger: pino({ level: 'silent' }),
  };
}
