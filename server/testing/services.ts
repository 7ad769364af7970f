import pino from 'pino';
import { createAuthService } from '../accounts/auth-service.ts';
import type { Services } from '../context.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';

/**
 * Services for a test: real database, quiet logger, env defaults plus overrides; `overrides`
 * replaces whole services (e.g. an auth service verifying tokens signed by a test key).
 */
export function testServices(
  database: Database,
  env: Record<string, string> = {},
  overrides: Partial<Services> = {},
): Services {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    ...env,
  });
  return {
    env: parsed,
    database,
    logger: pino({ level: 'silent' }),
    auth: createAuthService(parsed),
    ...overrides,
  };
}
