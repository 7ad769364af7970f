/**
 * `npm start`: everything Encore needs locally, in one command.
 * 1. the Firebase Auth emulator for a demo-* project (the default; unless one already answers, e.g.
 *    `npm run emulator` shared by several nodes),
 * 2. a production build: the web app and the compiled server (skip with --no-build),
 * 3. the Encore server, compiled (build/node/main.mjs, ADR 0056). SIGINT/SIGTERM at any
 *    moment stop whatever is running: the server first (in-flight requests finish), then the
 *    emulator; the exit code is the server's (ADR 0016).
 *    Children stay in our process group, so a terminal's Ctrl-C or a supervisor's group kill
 *    reaches them too.
 * Flags: --no-build, --fresh (delete DATA_DIR first; used by the e2e suite).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readEnvOrExit } from '#server/env';
import { COMPILED_SERVER, SERVER_NODE_OPTIONS } from './build-server.ts';
import { DEFAULT_EMULATOR_HOST, startEmulator, stopChild } from './emulator.ts';

const args = new Set(process.argv.slice(2));
if (existsSync('.env')) process.loadEnvFile('.env');

/** What the children inherit: this process's environment, with the defaults set below. */
const env = { ...process.env };
// The server runs the production build, so React and React Router run as in production
// (no development checks, no error details) unless NODE_ENV says otherwise (the e2e suite
// says test). The emulator does not depend on it.
env.NODE_ENV ||= 'production';
// Read as the server will read it (server/env.ts): a bad variable stops us here, named,
// before the emulator starts and the build runs.
const config = readEnvOrExit(env);
// Firebase keeps demo-* project ids for its emulators: a real project never gets one.
const emulated = config.FIREBASE_PROJECT_ID.startsWith('demo-');
const dataDir = path.resolve(config.DATA_DIR);
const bin = (name: string) => path.resolve('node_modules', '.bin', name);
/** The compiled server `react-router build` leaves beside the web build (ADR 0056). */
const SERVER = path.join('build', COMPILED_SERVER);
const log = (message: string) => console.log(`[encore] ${message}`);

if (args.has('--fresh')) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const children: ChildProcess[] = [];
let stopping = false;
let stopped: Promise<never> | undefined;

/** A child stopped on SIGTERM is given this long before SIGKILL: all of it within 20 s. */
const SERVER_STOP_MS = 12_000;

// Signals are handled from the first moment: during the emulator's start and the build too.
const onSignal = () => {
  if (stopped) return;
  stopping = true;
  log('stopping');
  stopped = (async () => {
    // The server first (it drains its requests), then whatever else is running.
    const server = children.find((c) => c.spawnargs.includes(SERVER));
    const code = server ? await stopChild(server, SERVER_STOP_MS) : 0;
    await Promise.all(children.map((c) => stopChild(c)));
    process.exit(code);
  })();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

function spawnChild(command: string, argv: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  const child = spawn(command, argv, options);
  children.push(child);
  return child;
}

async function startAuthEmulator(): Promise<ChildProcess | undefined> {
  if (!emulated) return undefined;
  const hostPort = config.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST;
  env.FIREBASE_AUTH_EMULATOR_HOST = hostPort;
  return startEmulator({
    hostPort,
    dataDir,
    project: config.FIREBASE_PROJECT_ID,
    env,
    onSpawn: (child) => children.push(child),
    stopping: () => stopping,
  });
}

function run(command: string, argv: string[]): Promise<number> {
  const child = spawnChild(command, argv, { stdio: 'inherit', env });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function main() {
  const emulator = await startAuthEmulator();
  if (stopping) return;

  if (!args.has('--no-build')) {
    log('building the web app');
    const status = await run(bin('react-router'), ['build']);
    if (stopping) return;
    if (status !== 0) throw new Error('build failed');
  } else if (!existsSync(SERVER)) {
    throw new Error(`no compiled server at ${SERVER}: run \`npm run build\` first`);
  }

  const server = spawnChild(process.execPath, [...SERVER_NODE_OPTIONS, SERVER], { stdio: 'inherit', env });
  server.once('exit', async (code) => {
    if (stopping) return;
    stopping = true;
    await stopChild(emulator);
    process.exit(code ?? 1);
  });
}

main().catch(async (error) => {
  if (stopping) return;
  stopping = true;
  console.error(`[encore] ${error instanceof Error ? error.message : error}`);
  await Promise.all(children.map((c) => stopChild(c)));
  process.exit(1);
});
