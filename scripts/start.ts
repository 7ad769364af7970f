/**
 * `npm start`: everything Encore needs locally, in one command.
 * 1. the Firebase Auth emulator (unless NODE_ENV=production or one already answers, e.g.
 *    `npm run emulator` shared by several nodes),
 * 2. a production build of the web app (skip with --no-build),
 * 3. the Encore server. SIGINT/SIGTERM stop the server first (in-flight requests finish),
 *    then the emulator; the exit code is the server's.
 * Flags: --no-build, --fresh (delete DATA_DIR first; used by the e2e suite).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EMULATOR_HOST, startEmulator, stopChild } from './emulator.ts';

const args = new Set(process.argv.slice(2));
if (existsSync('.env')) process.loadEnvFile('.env');

const env = { ...process.env };
const production = env.NODE_ENV === 'production';
const dataDir = path.resolve(env.DATA_DIR || './data');
const bin = (name: string) => path.resolve('node_modules', '.bin', name);
const log = (message: string) => console.log(`[encore] ${message}`);

if (args.has('--fresh')) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const children: ChildProcess[] = [];

async function startAuthEmulator(): Promise<ChildProcess | undefined> {
  if (production) return undefined;
  const hostPort = env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_EMULATOR_HOST;
  env.FIREBASE_AUTH_EMULATOR_HOST = hostPort;
  return startEmulator({ hostPort, dataDir, project: env.FIREBASE_PROJECT_ID || 'demo-encore', env });
}

async function main() {
  const emulator = await startAuthEmulator();
  if (emulator) children.push(emulator);

  if (!args.has('--no-build')) {
    log('building the web app');
    const build = spawnSync(bin('react-router'), ['build'], { stdio: 'inherit', env });
    if (build.status !== 0) throw new Error('build failed');
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
  children.push(server);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const code = await stopChild(server, signal);
    await stopChild(emulator, 'SIGTERM');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGTERM'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  server.once('exit', async (code) => {
    if (stopping) return;
    await stopChild(emulator, 'SIGTERM');
    process.exit(code ?? 1);
  });
}

main().catch(async (error) => {
  console.error(`[encore] ${error instanceof Error ? error.message : error}`);
  await Promise.all(children.map((c) => stopChild(c)));
  process.exit(1);
});
