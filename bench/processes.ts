/**
 * Every process the benchmark starts is tracked here and stopped on every way out: normal
 * end, error, Ctrl-C, SIGTERM, and (synchronously) process exit. Children run in their own
 * process group (detached) so a server, a load worker or Chromium with its helpers is
 * stopped as a whole by PID, never by name. Each run keeps a state file in its temporary
 * directory; a later run reaps what a killed (SIGKILL) run left behind, recognising its
 * processes by the ENCORE_BENCH_RUN marker in their environment.
 */
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const RUN_MARKER = 'ENCORE_BENCH_RUN';
const RUN_PREFIX = 'encore-bench-';

type Tracked = { name: string; child: ChildProcess };
type Cleanup = { name: string; run: () => Promise<void>; runSync: () => void };
type State = {
  harnessPid: number;
  pids: { name: string; pid: number }[];
  postgres?: { pgCtl: string; dataDir: string };
  /** Left on purpose (--keep) after a clean stop: not an orphan. */
  kept?: boolean;
};

const tracked: Tracked[] = [];
const cleanups: Cleanup[] = [];
let runDir = '';
let keepRunDir = false;
let state: State = { harnessPid: process.pid, pids: [] };
let cleaningUp: Promise<void> | undefined;

export async function createRunDir(keep: boolean): Promise<string> {
  runDir = mkdtempSync(path.join(os.tmpdir(), RUN_PREFIX));
  keepRunDir = keep;
  // The postgres user (--pg) must traverse it to reach its own sub-directory.
  await chmod(runDir, 0o711);
  saveState();
  return runDir;
}

function saveState() {
  if (runDir && existsSync(runDir)) writeFileSync(path.join(runDir, 'state.json'), JSON.stringify(state));
}

export function recordPostgres(pgCtl: string, dataDir: string) {
  state.postgres = { pgCtl, dataDir };
  saveState();
}

/** Environment every child gets: the marker that lets a later run recognise an orphan. */
export function markedEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, [RUN_MARKER]: runDir };
}

export function spawnTracked(name: string, command: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(command, args, { ...options, detached: true, env: markedEnv(options.env ?? process.env) });
  track(name, child);
  return child;
}

export function track(name: string, child: ChildProcess) {
  if (child.pid === undefined) return;
  tracked.push({ name, child });
  state.pids.push({ name, pid: child.pid });
  saveState();
  child.once('exit', () => {
    const index = tracked.findIndex((t) => t.child === child);
    if (index >= 0) tracked.splice(index, 1);
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`; resolves once the leader has exited. */
export async function stopTracked(child: ChildProcess, graceMs = 10_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // Helpers the leader left behind (Chromium's renderers) go with the group.
  if (signalGroup(pid, 0)) signalGroup(pid, 'SIGKILL');
}

export function waitForExit(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(128);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export function onCleanup(name: string, run: () => Promise<void>, runSync: () => void) {
  cleanups.push({ name, run, runSync });
}

/** True once a signal or an error started the cleanup: later failures are its echoes. */
export const stopping = () => cleaningUp !== undefined;

/** Stops everything, newest first; safe to call more than once. */
export function cleanupAll(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const { child } of [...tracked].reverse()) await stopTracked(child, 5_000).catch(() => {});
    for (const cleanup of [...cleanups].reverse()) {
      await cleanup.run().catch((error) => console.error(`bench: cleanup of ${cleanup.name} failed: ${error}`));
    }
    cleanups.length = 0;
    removeRunDir();
  })();
  return cleaningUp;
}

function cleanupSync() {
  for (const { child } of tracked) if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup.runSync();
    } catch {}
  }
  cleanups.length = 0;
  removeRunDir();
}

function removeRunDir() {
  if (!runDir) return;
  if (keepRunDir) {
    state = { ...state, pids: [], kept: true };
    saveState();
    console.log(`bench: kept ${runDir}`);
  } else {
    rmSync(runDir, { recursive: true, force: true });
  }
  runDir = '';
}

export function installExitHandlers() {
  let signalled = 0;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    signalled += 1;
    if (signalled > 1) {
      cleanupSync();
      process.exit(code);
    }
    console.error(`\nbench: ${signal}: stopping every process this run started…`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => onSignal('SIGINT', 130));
  process.on('SIGTERM', () => onSignal('SIGTERM', 143));
  process.on('SIGHUP', () => onSignal('SIGHUP', 129));
  // Last resort when something calls process.exit() before the async cleanup ran.
  process.on('exit', cleanupSync);
}

function environOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops processes and PostgreSQL clusters left by earlier runs that were killed outright. */
export function reapOrphans(): string[] {
  const reaped: string[] = [];
  for (const entry of readdirSync(os.tmpdir())) {
    if (!entry.startsWith(RUN_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), entry);
    let previous: State;
    try {
      previous = JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as State;
    } catch {
      continue;
    }
    if (previous.kept) continue;
    const harnessCmd = alive(previous.harnessPid) ? readProc(previous.harnessPid, 'cmdline') : '';
    if (harnessCmd.includes('bench/run')) continue; // still running (another benchmark)
    for (const { name, pid } of previous.pids) {
      if (alive(pid) && environOf(pid).includes(`${RUN_MARKER}=${dir}\0`)) {
        signalGroup(pid, 'SIGKILL');
        reaped.push(`${name} (pid ${pid})`);
      }
    }
    if (previous.postgres && existsSync(path.join(previous.postgres.dataDir, 'postmaster.pid'))) {
      spawnSync(
        'runuser',
        ['-u', 'postgres', '--', previous.postgres.pgCtl, '-D', previous.postgres.dataDir, '-m', 'immediate', 'stop'],
        {
          stdio: 'ignore',
        },
      );
      reaped.push(`PostgreSQL in ${previous.postgres.dataDir}`);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return reaped;
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}
