/**
 * Runs bench/alerts-scale.ts in a process of its own (so its database and heap are not the
 * harness's) against a throwaway database: PGlite in the run's directory, or with --pg a
 * database of its own on the run's PostgreSQL server. The job's code runs compiled, as the
 * server runs it (ADR 0056): compiled into the run's copy of the app, whose node_modules it uses.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { compileProgram } from '../scripts/build-server.ts';
import type { Options } from './options.ts';
import { spawnTracked, waitForExit } from './processes.ts';
import { REPO } from './server.ts';

export type AlertsScale = {
  database?: string;
  watches?: number;
  changed_events?: number;
  watches_on_changed_events?: number;
  price_alerts?: number;
  evaluate_ms?: number;
  alerts_pushed?: number;
  pushes_delivered?: number;
  deliver_ms?: number;
  total_ms?: number;
  error?: string;
};

export async function runAlertsAtScale(
  runDir: string,
  appDir: string,
  options: Options,
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<AlertsScale> {
  const dir = path.join(runDir, 'alerts-scale');
  mkdirSync(dir, { recursive: true });
  let url: string | undefined;
  if (options.pg && databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('create database encore_alerts_scale');
    await client.end();
    url = databaseUrl.replace(/\/[^/]*$/, '/encore_alerts_scale');
  }
  const program = await compileProgram(path.join(appDir, 'alerts-scale'), 'alerts-scale.mjs', {
    entryPoints: [path.join(REPO, 'bench', 'alerts-scale.ts')],
  });
  const child = spawnTracked('alerts at scale', process.execPath, [program, dir, ...(url ? [url] : [])], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await waitForExit(child);
  const line = output
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (code !== 0 || !line) {
    const error = `alerts-scale.ts exited ${code}: ${output.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`;
    log(`  ERROR ${error}`);
    return { error };
  }
  const result = JSON.parse(line) as AlertsScale;
  log(
    `  ${result.watches?.toLocaleString('en-US')} watches, ${result.changed_events?.toLocaleString('en-US')} events repriced (${result.watches_on_changed_events?.toLocaleString('en-US')} watches on them): ${result.price_alerts} alerts evaluated in ${result.evaluate_ms} ms, ${result.alerts_pushed} pushed (${result.pushes_delivered} deliveries) in ${result.deliver_ms} ms; total ${result.total_ms} ms`,
  );
  return result;
}
