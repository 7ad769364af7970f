/**
 * `--pg`: a throwaway PostgreSQL cluster in this run's directory, as .ci/run makes one:
 * initdb + pg_ctl as the postgres user (PostgreSQL refuses to run as root), loopback only,
 * its socket in its own directory. fsync is off because the cluster is thrown away; reads,
 * which is all the benchmark times, are unaffected. Stopped on every way out.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { chown } from 'node:fs/promises';
import { createConnection } from 'node:net';
import path from 'node:path';
import { onCleanup, recordPostgres } from './processes.ts';
import { run } from './server.ts';

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  return undefined;
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('--pg needs a "postgres" system user to run the server as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export type Postgres = { url: string; version: string; stop(): Promise<void> };

export async function startPostgres(runDir: string, port: number): Promise<Postgres> {
  const initdb = findOnPath('initdb');
  if (!initdb) throw new Error('--pg needs PostgreSQL binaries (initdb, pg_ctl) on PATH');
  const bin = path.dirname(initdb);
  const pgCtl = path.join(bin, 'pg_ctl');
  if (await portTaken(port)) throw new Error(`port ${port} is already in use (choose another with --pg-port)`);

  const dir = path.join(runDir, 'pg');
  const dataDir = path.join(dir, 'data');
  mkdirSync(dir);
  const { uid, gid } = postgresUser();
  await chown(dir, uid, gid);
  if ((statSync(runDir).mode & 0o011) === 0) throw new Error(`${runDir} is not traversable by postgres`);
  const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', command, ...args]);

  await asPostgres(initdb, [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  recordPostgres(pgCtl, dataDir);
  const stop = async () => {
    if (existsSync(path.join(dataDir, 'postmaster.pid')))
      await asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  onCleanup('PostgreSQL', stop, () => {
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      // Synchronous last resort (process exit): immediate shutdown, no waiting on clients.
      spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, '-D', dataDir, '-m', 'immediate', 'stop'], {
        stdio: 'ignore',
      });
    }
  });
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=256MB',
  ].join(' ');
  await asPostgres(pgCtl, ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', settings, '-w', '-t', '60', 'start']);
  const version = /\(PostgreSQL\) (\S+)/.exec(await run(path.join(bin, 'postgres'), ['--version']))?.[1] ?? '?';
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop };
}
