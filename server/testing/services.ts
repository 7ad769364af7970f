import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll } from 'vitest';
import { createAuthService } from '../accounts/auth-service.ts';
import type { Services } from '../context.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';

/**
 * Files a test writes (profile pictures) go to a folder of this test file, never ./data;
 * it is removed once the file's tests are done.
 */
const TEST_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'encore-test-data-'));
afterAll(() => rmSync(TEST_DATA_DIR, { recursive: true, force: true }));

/**
 * Services for a test: real database, quiet logger, env defaults plus overrides; `overrides`
 * replaces whole services (e.g. an auth service verifying tokens signed by a test key).
 */
export function testServices(
  database: Database,
  env: Record<string, string> = {},
  overrides: Partial<Services> = {},
): Services {
  // The emulator serves demo-* projects only (server/env.ts); tests of a real project id verify
  // tokens signed by a test key instead.
  const emulated = (env.FIREBASE_PROJECT_ID ?? 'demo-encore').startsWith('demo-');
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(emulated ? { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } : {}),
    DATA_DIR: TEST_DATA_DIR,
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
