/**
 * `npm start`: everything Encore needs locally, in one command.
 * 1. the Firebase Auth emulator (unless NODE_ENV=production or one already answers),
 * 2. a production build of the web app (skip with --no-build),
 * 3. the Encore server. SIGINT/SIGTERM stop the server first (in-flight requests finish),
 *    then the emulator; the exit code is the server's.
 * Flags: --no-build, --fresh (delete DATA_DIR first; used by the e2e suite).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

async function startEmulator(): Promise<ChildProcess | undefined> {
  if (production) return undefined;
  const hostPort = env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
  env.FIREBASE_AUTH_EMULATOR_HOST = hostPort;
  const base = `http://${hostPort}`;
  if (await emulatorReady(base)) {
    log(`using the auth emulator already running at ${hostPort}`);
    return undefined;
  }
  const [host, portText] = hostPort.split(':') as [string, string];
  const port = Number(portText);
  // A config per port, so a test run and a dev server can each have their own emulator.
  const configFile = path.join(dataDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: port + 1 },
        logging: { host, port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const project = env.FIREBASE_PROJECT_ID || 'demo-encore';
  log(`starting the Firebase Auth emulator on ${hostPort} (project ${project})`);
  const child = spawn(
    bin('firebase'),
    ['emulators:start', '--only', 'auth', '--project', project, '--config', configFile],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' } },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the auth emulator exited early:\n${output}`);
    if (await emulatorReady(base)) {
      log('auth emulator ready');
      return child;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the auth emulator did not become ready within 90 s:\n${output}`);
}

async function emulatorReady(base: string): Promise<boolean> {
  try {
    const response = await fetch(base, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number> {
  if (!child || child.exitCode !== null) return Promise.resolve(child?.exitCode ?? 0);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code ?? 0));
    child.kill(signal);
  });
}

async function main() {
  const emulator = await startEmulator();
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
