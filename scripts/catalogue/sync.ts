/**
 * `npm run catalogue -- sync ticketmaster [filters] [--max-pages N] [--restart]`
 *
 * Ingests Ticketmaster Discovery events into the catalogue database (ADR 0004). Resumes the
 * latest unfinished run with the same filters unless --restart. Exit codes: 0 done (or paused
 * by --max-pages), 1 failed, 2 bad usage or configuration (no TICKETMASTER_API_KEY), 75 stopped
 * early but resumable (daily budget or Ticketmaster quota spent, interrupted by a signal).
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { SOURCES, UNITS } from '#contracts/enums';
import { budgetDay, spentOn } from '#server/catalogue/ticketmaster/budget';
import { BUDGET_SOURCE } from '#server/catalogue/ticketmaster/client';
import {
  DEFAULT_HORIZON_DAYS,
  type DiscoveryFilters,
  SyncConflictError,
  type SyncProgress,
  type SyncResult,
  syncTicketmaster,
} from '#server/catalogue/ticketmaster/sync';
import { toDiscoveryDateTime } from '#server/catalogue/ticketmaster/windows';
import { type Database, openDatabase } from '#server/db/client';
import { EnvError, parseEnv } from '#server/env';

export const USAGE = `usage: npm run catalogue -- sync ticketmaster [options]

Discovery filters (GET /events.json names):
  --countryCode US          --stateCode IL            --city Chicago          --postalCode 60612
  --latlong 41.88,-87.67    --geoPoint dp3wn          --radius 50             --unit miles|km
  --classificationName rock --segmentId KZFzniwnSyZfZ7v7nJ                    --keyword "jazz"
  --source ticketmaster[,universe,frontgate,tmr]
  --startDateTime 2026-03-01[T00:00:00Z]   --endDateTime 2026-12-31[T23:59:59Z]
      (default: from now to ${DEFAULT_HORIZON_DAYS} days ahead)
Run control:
  --max-pages N   stop after N pages; the next sync with the same filters resumes
  --restart       start a new run instead of resuming the last unfinished one
Needs TICKETMASTER_API_KEY; TICKETMASTER_BASE_URL and TICKETMASTER_DAILY_BUDGET (default 5000) are optional.`;

const text = z.string().trim().min(1, 'needs a value');
const dateTime = text.transform((value, ctx) => {
  const parsed = toDiscoveryDateTime(value);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO date or date-time, e.g. 2026-03-01T00:00:00Z' });
    return z.NEVER;
  }
  return parsed;
});

const OptionsSchema = z
  .object({
    countryCode: text.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').transform((v) => v.toUpperCase()),
    stateCode: text.max(10, 'is too long'),
    city: text.max(100, 'is too long'),
    postalCode: text.max(20, 'is too long'),
    latlong: text.refine((value) => {
      const [lat, lng, ...rest] = value.split(',').map(Number);
      return rest.length === 0 && lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    }, 'must be "latitude,longitude"'),
    geoPoint: text.regex(/^[0-9bcdefghjkmnpqrstuvwxyz]{1,12}$/i, 'must be a geohash'),
    radius: text.regex(/^\d+$/, 'must be a whole number').refine((v) => Number(v) > 0, 'must be positive'),
    unit: z.enum(UNITS, { error: `must be one of ${UNITS.join(', ')}` }),
    classificationName: text.max(100, 'is too long'),
    segmentId: text.regex(/^[A-Za-z0-9]+$/, 'must be a Discovery segment id'),
    keyword: text.max(200, 'is too long'),
    source: text.refine(
      (value) => value.split(',').every((s) => (SOURCES as readonly string[]).includes(s.trim())),
      `must be one or more of ${SOURCES.join(', ')}, comma-separated`,
    ),
    startDateTime: dateTime,
    endDateTime: dateTime,
    'max-pages': z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1'),
    restart: z.literal(true),
  })
  .partial()
  .strict()
  .refine((o) => !o.startDateTime || !o.endDateTime || Date.parse(o.endDateTime) > Date.parse(o.startDateTime), {
    message: 'must be after --startDateTime',
    path: ['endDateTime'],
  })
  .refine((o) => !o.radius || o.latlong || o.geoPoint || o.postalCode || o.city, {
    message: 'needs --latlong, --geoPoint, --postalCode or --city to measure from',
    path: ['radius'],
  });

export type SyncCommandIo = {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Opens the catalogue database (tests pass their own). */
  openDatabase?: (env: ReturnType<typeof parseEnv>) => Promise<Database>;
  signal?: AbortSignal;
};

export class UsageError extends Error {}

/** Parses `ticketmaster --flag value --flag=value --restart` into options. */
export function parseSyncArgs(args: string[]): z.infer<typeof OptionsSchema> & { help?: boolean } {
  const [source, ...rest] = args;
  if (source === '--help' || source === '-h') return { help: true };
  if (source !== 'ticketmaster') {
    throw new UsageError(source ? `unknown source "${source}": only ticketmaster can be synced` : 'missing source');
  }
  const raw: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    const match = arg.match(/^--([A-Za-z-]+)(?:=(.*))?$/);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1]!;
    if (name === 'restart') {
      raw.restart = true;
      continue;
    }
    const value = match[2] ?? rest[++i];
    if (value === undefined || (match[2] === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value`);
    }
    raw[name] = value;
  }
  const parsed = OptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') throw new UsageError(`unknown option --${issue.keys[0]}`);
    throw new UsageError(`--${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data;
}

/** The command, with its inputs and outputs passed in; resolves with the exit code. */
export async function syncCommand(args: string[], io: SyncCommandIo): Promise<number> {
  let options: ReturnType<typeof parseSyncArgs>;
  try {
    options = parseSyncArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    io.out(USAGE);
    return 0;
  }
  const { 'max-pages': maxPages, restart, help: _help, ...filterOptions } = options;
  const filters: DiscoveryFilters = filterOptions;
  if (filters.endDateTime && !filters.startDateTime && Date.parse(filters.endDateTime) <= Date.now()) {
    io.err(`--endDateTime must be in the future when --startDateTime is not given (it defaults to now)\n\n${USAGE}`);
    return 2;
  }
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(io.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    io.err(error.message);
    return 2;
  }
  if (!env.TICKETMASTER_API_KEY) {
    io.err(
      'TICKETMASTER_API_KEY is not set: nothing was synced. Put your Discovery API consumer key in the ' +
        'environment (or .env) and run the command again.',
    );
    return 2;
  }

  const database = await (io.openDatabase ?? defaultOpen)(env);
  try {
    io.out(
      `Ticketmaster sync: ${describeFilters(filters)} · budget ${env.TICKETMASTER_DAILY_BUDGET} requests a day` +
        (maxPages ? ` · at most ${plural(maxPages, 'page')}` : ''),
    );
    let result: SyncResult;
    try {
      result = await syncTicketmaster({
        db: database.db,
        apiKey: env.TICKETMASTER_API_KEY,
        baseUrl: env.TICKETMASTER_BASE_URL,
        dailyBudget: env.TICKETMASTER_DAILY_BUDGET,
        filters,
        maxPages,
        restart: restart === true,
        signal: io.signal,
        onProgress: (progress) => io.out(progressLine(progress)),
      });
    } catch (error) {
      if (error instanceof SyncConflictError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
    const spent = await spentOn(database.db, BUDGET_SOURCE, budgetDay(Date.now()));
    for (const line of summary(result, spent, env.TICKETMASTER_DAILY_BUDGET)) io.out(line);
    if (result.status === 'failed') {
      io.err(`sync failed: ${result.lastError}`);
      return 1;
    }
    if (result.status === 'interrupted' && result.stopReason !== 'max_pages') return 75;
    return 0;
  } finally {
    await database.close();
  }
}

function defaultOpen(env: ReturnType<typeof parseEnv>): Promise<Database> {
  return openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
}

function describeFilters(filters: DiscoveryFilters): string {
  const entries = Object.entries(filters);
  return entries.length === 0 ? 'all events' : entries.map(([k, v]) => `${k}=${v}`).join(' ');
}

const day = (iso: string) =>
  iso
    .replace(/T00:00:00Z$/, '')
    .replace('T', ' ')
    .replace(/Z$/, '');
const number = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, noun: string) => `${number(n)} ${noun}${n === 1 ? '' : 's'}`;

export function progressLine(progress: SyncProgress): string {
  switch (progress.kind) {
    case 'page': {
      const { stored } = progress;
      const window = `${day(progress.window.start)} → ${day(progress.window.end)}`;
      const of = Math.max(progress.totalPages, progress.page + 1);
      return (
        `run #${progress.runId} page ${progress.runPages} · ${window} page ${progress.page + 1}/${of} ` +
        `(${number(progress.totalElements)} events) · stored ${stored.events} events, ${stored.venues} venues, ` +
        `${stored.attractions} attractions` +
        (progress.skipped > 0 ? ` · skipped ${progress.skipped}` : '') +
        (progress.windowsLeft > 1 ? ` · ${plural(progress.windowsLeft - 1, 'more window')}` : '')
      );
    }
    case 'split':
      return (
        `run #${progress.runId} window ${day(progress.window.start)} → ${day(progress.window.end)} holds ` +
        `${number(progress.totalElements)} events, more than Discovery pages through (1,000): split at ` +
        day(progress.into[1].start)
      );
    case 'retry':
      return `run #${progress.runId} retrying in ${(progress.waitMs / 1000).toFixed(1)} s: ${progress.reason}`;
  }
}

export function summary(result: SyncResult, spentToday: number, budget: number): string[] {
  const verb = {
    completed: 'completed',
    interrupted: 'stopped early (resumable)',
    failed: 'failed (resumable once the cause is fixed)',
  }[result.status];
  const lines = [
    `run #${result.runId} ${result.resumed ? '(resumed) ' : ''}${verb}: ${plural(result.pages, 'page')}, ` +
      `${plural(result.upserts, 'row')} upserted, ${plural(result.skips, 'item')} skipped, ${plural(result.errors, 'error')}; ` +
      `${plural(result.requests, 'request')} now, ${number(spentToday)} of ${number(budget)} spent today (UTC)`,
  ];
  for (const [reason, n] of Object.entries(result.skipReasons).sort((a, b) => b[1] - a[1])) {
    lines.push(`  skipped ${n} × ${reason}`);
  }
  if (result.status !== 'completed' && result.lastError) lines.push(`  ${result.lastError}`);
  return lines;
}

/** Entry point used by scripts/catalogue.ts. */
export async function run(args: string[]): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const controller = new AbortController();
  let firstSignalAt: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    // The first signal stops the run cleanly (its last stored page is its resume point); a
    // second one, a moment later, quits at once. Ctrl-C reaches both this process and the tsx
    // wrapper, which relays it again within milliseconds: that copy is not a second press.
    if (firstSignalAt !== undefined) {
      if (Date.now() - firstSignalAt > 1000) process.exit(130);
      return;
    }
    firstSignalAt = Date.now();
    console.log(`${signal}: stopping; the run resumes from its last stored page (press again to quit now)`);
    controller.abort(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    process.exitCode = await syncCommand(args, {
      env: process.env,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      signal: controller.signal,
    });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
