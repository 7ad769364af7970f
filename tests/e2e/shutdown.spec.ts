import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// A server of its own (no browser): SIGTERM while requests are in flight.
const port = Number(process.env.E2E_PORT ?? 3100) + 90;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

test('SIGTERM lets in-flight requests finish and exits 0', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-shutdown-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      CATALOGUE_SIZE: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    // Twenty requests whose connections are accepted before the signal is sent.
    const connected: Promise<void>[] = [];
    const responses = Array.from({ length: 20 }, (_, i) => {
      let resolve: () => void = () => {};
      connected.push(new Promise<void>((r) => (resolve = r)));
      return new Promise<number>((done, fail) => {
        const req = request(
          { host: '127.0.0.1', port, path: i % 2 ? '/about-us' : '/api/health', agent: false },
          (res) => {
            res.resume();
            res.on('end', () => done(res.statusCode ?? 0));
          },
        );
        req.on('socket', (socket) => socket.on('connect', () => resolve()));
        req.on('error', fail);
        req.end();
      });
    });
    await Promise.all(connected);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await Promise.all(responses)).toEqual(Array(20).fill(200));
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
