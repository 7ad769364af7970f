import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the real server entry point with a given environment; resolves with its exit. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit; stderr:\n${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('production start-up', () => {
  it('refuses to start while FIREBASE_AUTH_EMULATOR_HOST is set for a real project (emulator tokens are unsigned)', async () => {
    const { code, stderr } = await runServer({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'encore-live',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PORT: '0',
      DATA_DIR: '/nonexistent/encore-must-not-be-created',
    });
    expect(code).not.toBe(0);
    expect(code).toBe(78);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain(
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set for a real Firebase project (emulator tokens are unsigned; use a demo-* project id)',
    );
  }, 40_000);
});
