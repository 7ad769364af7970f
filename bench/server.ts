/**
 * The production bundle and the Encore server under test.
 *
 * The build is made in the working tree (`react-router build`, as everyone does) and then
 * copied into this run's directory, which becomes the server's working directory: other
 * engineers rebuild ./build while a benchmark runs, and a server whose hashed assets vanish
 * mid-run would measure 404s. node_modules is linked, so packages resolve to the same files.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { COMPILED_SERVER, SERVER_NODE_OPTIONS } from '../scripts/build-server.ts';
import { readClientManifest } from './bundles.ts';
import { spawnTracked, stopTracked, waitForExit } from './processes.ts';

export const REPO = path.resolve(import.meta.dirname, '..');

export async function buildApp(
  runDir: string,
  { build }: { build: boolean },
): Promise<{ appDir: string; seconds: number }> {
  const appDir = path.join(runDir, 'app');
  // Someone else's rebuild can start between ours and the copy (vite empties ./build first):
  // then build and copy again.
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    if (build) await reactRouterBuild(runDir);
    const seconds = (performance.now() - started) / 1000;
    try {
      copyBuild(appDir);
      return { appDir, seconds };
    } catch (error) {
      rmSync(appDir, { recursive: true, force: true });
      if (attempt === 3) throw error;
      console.log(`  the build changed while being copied (a concurrent rebuild?); again (${attempt + 1}/3)`);
      await sleep(3_000);
    }
  }
}

async function reactRouterBuild(runDir: string) {
  const logFile = path.join(runDir, 'build.log');
  const fd = openSync(logFile, 'w');
  const child = spawnTracked('react-router build', path.join(REPO, 'node_modules', '.bin', 'react-router'), ['build'], {
    cwd: REPO,
    stdio: ['ignore', fd, fd],
  });
  const code = await waitForExit(child);
  closeSync(fd);
  if (code !== 0) throw new Error(`react-router build failed (exit ${code}):\n${tail(logFile, 40)}`);
}

function copyBuild(appDir: string) {
  if (!existsSync(path.join(REPO, 'build', COMPILED_SERVER))) {
    throw new Error('no production build in ./build (run without --no-build)');
  }
  mkdirSync(appDir);
  cpSync(path.join(REPO, 'build'), path.join(appDir, 'build'), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  // Every file the manifest names must have been copied.
  const manifest = readClientManifest(path.join(appDir, 'build', 'client'));
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of Object.values(manifest.routes)) {
    files.push(route.module, ...(route.imports ?? []), ...(route.css ?? []));
  }
  const missing = files.filter((file) => !existsSync(path.join(appDir, 'build', 'client', file)));
  if (missing.length) throw new Error(`the build copy is incomplete: ${missing.slice(0, 3).join(', ')}`);
  // Client and server halves must come from the same build: the server names the manifest.
  const serverDir = path.join(appDir, 'build', 'server');
  const manifestFile = readdirSync(path.join(appDir, 'build', 'client', 'assets')).find((f) =>
    f.startsWith('manifest-'),
  );
  const serverFiles = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  if (!manifestFile || !serverFiles.some((f) => readFileSync(path.join(serverDir, f), 'utf8').includes(manifestFile))) {
    throw new Error('the copied client and server builds do not match');
  }
}

export type ServerOptions = {
  appDir: string;
  dataDir: string;
  port: number;
  size: string;
  databaseUrl?: string;
  /** Directory for a V8 CPU profile (node --cpu-prof), written when the server stops. */
  profileDir?: string;
  /** false renders every page request (PAGE_CACHE_TTL_MS=0, ADR 0009); the default is production's cache. */
  pageCache?: boolean;
  /** The run's loopback key server (bench/fan.ts): the production verifier accepts its fans' tokens. */
  certsUrl?: string;
  projectId?: string;
  logFile: string;
};

export type RunningServer = {
  origin: string;
  child: ChildProcess;
  startSeconds: number;
  /** Resolves once the server has drained what earlier load left queued (CPU idle, health answered). */
  settle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the compiled server (build/node/main.mjs, ADR 0056) as production runs it:
 * NODE_ENV=production, no auth emulator (fans sign in with tokens the production verifier
 * checks, bench/fan.ts), a fresh DATA_DIR and CATALOGUE_SIZE so the first start seeds the
 * demo catalogue. The environment is built from scratch so a developer's .env or shell
 * (an API key, a tag manager id) cannot change what is measured.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  if (await answers(`${origin}/`)) throw new Error(`port ${options.port} is already in use`);
  mkdirSync(options.dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG ?? 'C.UTF-8',
    TZ: process.env.TZ,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    CATALOGUE_SIZE: options.size,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.certsUrl) env.FIREBASE_ID_TOKEN_CERTS_URL = options.certsUrl;
  if (options.projectId) env.FIREBASE_PROJECT_ID = options.projectId;
  if (options.pageCache === false) env.PAGE_CACHE_TTL_MS = '0';
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const fd = openSync(options.logFile, 'a');
  const child = spawnTracked(
    'encore server',
    process.execPath,
    [...nodeArgs, ...SERVER_NODE_OPTIONS, path.join(options.appDir, 'build', COMPILED_SERVER)],
    {
      cwd: options.appDir,
      env,
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);

  const started = performance.now();
  // First start seeds the catalogue before or while listening; large takes a while.
  const limitSeconds = { small: 180, medium: 480, large: 1800 }[options.size] ?? 480;
  let lastNote = started;
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `Encore exited during start-up (${child.exitCode ?? child.signalCode}):\n${tail(options.logFile, 30)}`,
      );
    }
    if (await answers(`${origin}/api/health`, true)) break;
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed > limitSeconds) {
      await stopTracked(child);
      throw new Error(`Encore did not answer /api/health within ${limitSeconds} s:\n${tail(options.logFile, 30)}`);
    }
    if (performance.now() - lastNote > 15_000) {
      lastNote = performance.now();
      console.log(`  … still starting (${Math.round(elapsed)} s): ${lastLogMessage(options.logFile)}`);
    }
    await sleep(250);
  }
  return {
    origin,
    child,
    startSeconds: (performance.now() - started) / 1000,
    settle: async () => {
      await waitUntilQuiet(child.pid!, 60, 250);
      // Health goes through the same database queue as pages: it answers once that is empty.
      await answers(`${origin}/api/health`, true, 60_000);
    },
    stop: () => stopTracked(child, 15_000),
  };
}

async function answers(url: string, mustBeOk = false, timeoutMs = 2_000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return mustBeOk ? response.ok : true;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The `msg` of the server's last pino line, to show what a long start-up is doing. */
function lastLogMessage(file: string): string {
  const last = tail(file, 1);
  try {
    return (JSON.parse(last) as { msg?: string }).msg ?? last;
  } catch {
    return last.slice(0, 120);
  }
}

/** Runs a command to completion, its output captured; rejects with the output on failure. */
export function run(command: string, args: string[], options: { cwd?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** State fields of /proc/{pid}/stat after the command's name: [1] the parent, [11] and [12] user and system ticks. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds a process and every process it started (a server's auth emulator, say) have used
 * so far (Linux /proc; clock ticks are 100 a second).
 */
function cpuSeconds(pid: number): number | undefined {
  const own = statFields(pid);
  if (!own) return undefined;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child) || child === pid) continue;
    const parent = Number(statFields(child)?.[1]);
    if (Number.isInteger(parent)) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  let ticks = 0;
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop()!;
    const fields = next === pid ? own : statFields(next);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
    stack.push(...(children.get(next) ?? []));
  }
  return ticks / 100;
}

/**
 * Waits until the server, with whatever it started, is idle (under 5 % of a core for two
 * intervals running): work left over from start-up, or a backlog of requests a previous
 * measurement queued, must not land in the next measurement.
 */
export async function waitUntilQuiet(pid: number, maxSeconds: number, intervalMs = 1_000): Promise<number> {
  const started = performance.now();
  let previous = cpuSeconds(pid);
  let quiet = 0;
  while ((performance.now() - started) / 1000 < maxSeconds) {
    await sleep(intervalMs);
    const now = cpuSeconds(pid);
    if (now === undefined || previous === undefined) return 0;
    quiet = now - previous < (0.05 * intervalMs) / 1000 ? quiet + 1 : 0;
    previous = now;
    if (quiet >= 2) break;
  }
  return (performance.now() - started) / 1000;
}
