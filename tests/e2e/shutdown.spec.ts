import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Servers of their own (no browser), so the desktop project alone runs this file
// (playwright.config.ts). Its tests run in parallel: each server gets a port the system has
// just handed out, so none collide.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// The auth emulator's port, clear of the e2e server's emulator; only one test starts it.
// Its hub and logging ports are chosen as it starts, and printed.
const EMULATOR_PORT = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9199) + 10;

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForHealth(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited before answering:\n${started.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${started.output()}`);
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null>; dataDir: string };

/** The compiled server, as `npm start` and `npm run serve` run it (ADR 0056). */
const SERVER = 'build/node/main.mjs';

function startProcess(script: string, args: string[], env: Record<string, string>): Started {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-shutdown-'));
  // TypeScript (the npm start launcher) runs through tsx; the compiled server as it is.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, dataDir };
}

/** Resolves once the process printed `text` (bounded), so a signal lands in that phase. */
async function printed(started: Started, text: string, withinMs = 120_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null) throw new Error(`exited before "${text}":\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${withinMs} ms:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The exit code, or a failure if the process is still running after `ms`. */
async function exitWithin(started: Started, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running ${ms} ms after SIGTERM:\n${started.output()}`)), ms);
  });
  try {
    return await Promise.race([started.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

function cleanUp(started: Started) {
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
  rmSync(started.dataDir, { recursive: true, force: true });
}

test('SIGTERM lets in-flight requests finish and exits 0', async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  // The grace period is the time a request that reached the node before the signal has to be
  // read (after it, ADR 0016, the node answers 503): 5 s covers a loaded 2-core machine.
  const server = startProcess(SERVER, [], {
    PORT: String(port),
    CATALOGUE_SIZE: 'none',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_MS: '5000',
  });
  try {
    await waitForHealth(port, server);
    // Twenty requests whose connections are accepted before the signal is sent.
    const connected: Promise<void>[] = [];
    const responses = Array.from({ length: 20 }, (_, i) => {
      let resolve: () => void = () => {};
      connected.push(new Promise<void>((r) => (resolve = r)));
      return new Promise<number>((done, fail) => {
        const req = request(
          // Not /api/health: a draining node answers it 503 so a balancer takes it out (ADR 0018).
          { host: '127.0.0.1', port, path: i % 2 ? '/about-us' : '/api/events?size=1', agent: false },
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
    server.child.kill('SIGTERM');
    expect(await Promise.all(responses)).toEqual(Array(20).fill(200));
    expect(await exitWithin(server, 20_000), server.output()).toBe(0);
    expect(await listening(port)).toBe(false);
  } finally {
    cleanUp(server);
  }
});

test('SIGTERM under a burst of uncached requests resets none: each is answered, or 503 with Connection: close', async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  const server = startProcess(SERVER, [], { PORT: String(port), CATALOGUE_SIZE: 'none', LOG_LEVEL: 'warn' });
  try {
    await waitForHealth(port, server);
    type Outcome = { status: number; connection: string | undefined } | { error: string };
    let firstAnswer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    // 120 requests, none from the page cache (distinct searches), each on a connection of its
    // own opened at once: every one reaches the server's accept queue before the signal.
    const outcomes = Array.from(
      { length: 120 },
      (_, i) =>
        new Promise<Outcome>((resolve) => {
          const path = i % 3 ? `/search?keyword=burst-${i}` : `/api/events/search?keyword=b${i}`;
          const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
            firstAnswer();
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
            res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
          });
          req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
          req.end();
        }),
    );
    await answered; // mid-burst: the first answers are out, most requests still queued
    server.child.kill('SIGTERM');
    const results = await Promise.all(outcomes);
    const errors = results.filter((r) => 'error' in r);
    expect(errors).toEqual([]);
    for (const result of results) {
      if ('error' in result) continue;
      if (result.status === 503) expect(result.connection).toBe('close');
      else expect(result.status).toBe(200);
    }
    expect(await exitWithin(server, 20_000), server.output()).toBe(0);
    expect(await listening(port)).toBe(false);
  } finally {
    cleanUp(server);
  }
});

for (const phase of ['database ready', 'empty catalogue: generating the demo catalogue']) {
  test(`SIGTERM during start-up (${phase}) stops within 20 s and nothing listens`, async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    const server = startProcess(SERVER, [], { PORT: String(port), CATALOGUE_SIZE: 'small' });
    try {
      await printed(server, phase);
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 20_000), server.output()).toBe(0);
      expect(server.output()).not.toContain('Server listening');
      expect(await listening(port)).toBe(false);
    } finally {
      cleanUp(server);
    }
  });
}

test('npm start: SIGTERM while the auth emulator starts stops it too, within 20 s', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const start = startProcess('scripts/start.ts', ['--no-build'], {
    PORT: String(port),
    CATALOGUE_SIZE: 'none',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
  });
  try {
    await printed(start, 'starting the Firebase Auth emulator');
    const helpers = /\(hub (\d+), logging (\d+);/.exec(start.output());
    expect(helpers, 'the hub and logging ports are printed').not.toBeNull();
    start.child.kill('SIGTERM');
    expect(await exitWithin(start, 20_000)).toBe(0);
    for (const p of [port, EMULATOR_PORT, Number(helpers?.[1]), Number(helpers?.[2])])
      expect(await listening(p), `port ${p}`).toBe(false);
  } finally {
    cleanUp(start);
  }
});
