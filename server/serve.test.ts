import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';

/**
 * Start-up as an operator meets it (ADR 0016): a database out of reach ends the process with
 * exit code 1 and one line that says so, in the driver's words, not a query or a stack.
 */

describe('start-up', () => {
  it('exits 1 with one clear line when the database cannot be reached', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: `postgres://encore@127.0.0.1:${port}/encore`,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Encore could not start: its database is out of reach (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
  });
});
