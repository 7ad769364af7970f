/**
 * The Firebase Auth emulator on its own: `npm run emulator`. Several Encore nodes then share
 * one emulator that none of them owns (`npm start` uses an emulator already answering on
 * FIREBASE_AUTH_EMULATOR_HOST instead of starting its own). Ctrl-C stops it.
 * Also imported by scripts/start.ts and the cluster test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvOrExit } from '#server/env';

export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

const log = (message: string) => console.log(`[encore] ${message}`);

/** Attempts at a start whose hub or logging port was taken between choosing it and binding it. */
const START_ATTEMPTS = 3;

/**
 * Starts the emulator on `hostPort` unless one already answers there; resolves with the child
 * started, or undefined when one was running. Its hub and logging ports are ones the system
 * has just handed out, not the next ports up: those can be any process's outgoing connection.
 * If one is taken before the emulator binds it, the start is tried again on new ones.
 */
export async function startEmulator(options: {
  hostPort: string;
  dataDir: string;
  project: string;
  env?: NodeJS.ProcessEnv;
  /** Called with the child as soon as it is spawned, so a signal during start-up can stop it. */
  onSpawn?: (child: ChildProcess) => void;
  /** Checked while waiting: true ends the wait at once (a signal arrived). */
  stopping?: () => boolean;
}): Promise<ChildProcess | undefined> {
  const base = `http://${options.hostPort}`;
  if (await emulatorReady(base)) {
    log(`using the auth emulator already running at ${options.hostPort}`);
    return undefined;
  }
  for (let attempt = 1; ; attempt++) {
    const started = await spawnEmulator(options);
    if (started.child) return started.child;
    if (!started.helperPortTaken || attempt === START_ATTEMPTS)
      throw new Error(`the auth emulator exited early:\n${started.output}`);
    log("the auth emulator's hub or logging port was taken as it started; trying new ones");
  }
}

/** The running child, or what an emulator that exited printed. */
type Spawned =
  | { child: ChildProcess; output?: undefined; helperPortTaken?: undefined }
  | { child?: undefined; output: string; helperPortTaken: boolean };

async function spawnEmulator(options: Parameters<typeof startEmulator>[0]): Promise<Spawned> {
  const { hostPort, dataDir, project } = options;
  const base = `http://${hostPort}`;
  const [host, portText] = hostPort.split(':') as [string, string];
  const port = Number(portText);
  const hub = await freePort(host);
  const logging = await freePort(host);
  // A config per port, so a test run and a dev server can each have their own emulator.
  mkdirSync(dataDir, { recursive: true });
  const configFile = path.join(dataDir, `firebase-${port}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: hub },
        logging: { host, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  log(`starting the Firebase Auth emulator on ${hostPort} (hub ${hub}, logging ${logging}; project ${project})`);
  const child = spawn(
    path.resolve('node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', project, '--config', configFile],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...(options.env ?? process.env), FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    },
  );
  options.onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (options.stopping?.()) return { child };
    if (child.exitCode !== null) {
      const helperPortTaken =
        /could not start (emulator hub|logging emulator), port taken/i.test(output) ||
        new RegExp(`EADDRINUSE[^\\n]*:(${hub}|${logging})\\b`).test(output);
      return { output, helperPortTaken };
    }
    if (await emulatorReady(base)) {
      log('auth emulator ready');
      return { child };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the auth emulator did not become ready within 90 s:\n${output}`);
}

/** A port on `host` that the system has just handed out and nothing listens on (also the cluster test's). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function emulatorReady(base: string): Promise<boolean> {
  try {
    const response = await fetch(base, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves the child's exit code. */
export function stopChild(child: ChildProcess | undefined, graceMs = 5_000): Promise<number> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? 0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 0);
    });
    child.kill('SIGTERM');
  });
}

async function main() {
  const config = readEnvOrExit();
  const hostPort = config.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST;
  const emulator = await startEmulator({
    hostPort,
    dataDir: path.resolve(config.DATA_DIR),
    project: config.FIREBASE_PROJECT_ID,
  });
  if (!emulator) return;
  log(`nodes sign in through it with FIREBASE_AUTH_EMULATOR_HOST=${hostPort}; Ctrl-C stops it`);
  const stop = () => void stopChild(emulator).then((code) => process.exit(code));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  emulator.once('exit', (code) => process.exit(code ?? 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  main().catch((error) => {
    console.error(`[encore] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
