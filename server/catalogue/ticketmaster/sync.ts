import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ingestRuns } from '../../db/schema.ts';
import { recordPriceObservations } from '../../tracking/observations.ts';
import { notifyCatalogueChanged } from '../changes.ts';
import { refreshUpcomingCounts } from '../counts.ts';
import { DiscoveryClient, type DiscoveryClientOptions, DiscoveryError, type DiscoveryErrorCode } from './client.ts';
import { type Clock, systemClock } from './clock.ts';
import { MalformedPageError, parseEventsPage } from './parser.ts';
import { type StoredCounts, storedTotal, storePage } from './store.ts';
import {
  canSplit,
  type DateWindow,
  discoveryDateTime,
  lastReachablePage,
  MAX_DEPTH,
  reachableItems,
  splitWindow,
} from './windows.ts';

export const SOURCE = 'ticketmaster';

/** The GET /events.json filters an ingest may be narrowed by (Discovery names). */
export const FILTER_KEYS = [
  'countryCode',
  'stateCode',
  'city',
  'postalCode',
  'latlong',
  'geoPoint',
  'radius',
  'unit',
  'classificationName',
  'segmentId',
  'keyword',
  'source',
  'startDateTime',
  'endDateTime',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type DiscoveryFilters = Partial<Record<FilterKey, string>>;

/** Discovery's largest page. */
export const PAGE_SIZE = 200;
/** With no endDateTime, a run covers this many days from its start. */
export const DEFAULT_HORIZON_DAYS = 365;
/** A `running` run whose process has not saved a page for this long is taken to be dead. */
export const STALE_AFTER_MS = 5 * 60_000;

/** Resume point, persisted in ingest_runs.cursor with each page. */
export type SyncCursor = {
  /** Date windows still to fetch; the first is the one being paged through. */
  windows: DateWindow[];
  /** Next page of the first window. */
  page: number;
  owner: { host: string; pid: number; token: string };
  heartbeatAt: string;
};

export type SyncStatus = 'completed' | 'interrupted' | 'failed';
export type StopReason = 'max_pages' | 'aborted' | 'malformed_page' | 'error' | DiscoveryErrorCode;

export type SyncProgress =
  | {
      kind: 'page';
      runId: number;
      window: DateWindow;
      page: number;
      totalPages: number;
      totalElements: number;
      stored: StoredCounts;
      skipped: number;
      /** Pages stored by the run so far, earlier attempts included. */
      runPages: number;
      windowsLeft: number;
    }
  | { kind: 'split'; runId: number; window: DateWindow; totalElements: number; into: [DateWindow, DateWindow] }
  | { kind: 'retry'; runId: number; reason: string; waitMs: number };

export type SyncOptions = {
  db: Db;
  apiKey: string;
  baseUrl: string;
  dailyBudget: number;
  filters?: DiscoveryFilters;
  /** Stop (resumably) after this many pages in this invocation. */
  maxPages?: number;
  /** Start a new run even if the latest one with these filters could be resumed. */
  restart?: boolean;
  pageSize?: number;
  /**
   * How deep Discovery pages one query (MAX_DEPTH, 1000 items). Tests run against a fake
   * Discovery with a shallower depth, so window splitting needs hundreds of events, not thousands.
   */
  pagingDepth?: number;
  horizonDays?: number;
  clock?: Clock;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** Client knobs tests turn (rate limit, retries, back-off). */
  client?: Partial<
    Pick<DiscoveryClientOptions, 'rateLimit' | 'retries' | 'retryBaseMs' | 'maxRateLimitWaitMs' | 'timeoutMs'>
  >;
};

export type SyncResult = {
  runId: number;
  status: SyncStatus;
  resumed: boolean;
  stopReason?: StopReason;
  /** Totals of the run, earlier attempts included. */
  pages: number;
  upserts: number;
  skips: number;
  errors: number;
  lastError: string | null;
  /** HTTP requests sent by this invocation. */
  requests: number;
  /** Why items were skipped in this invocation, with counts. */
  skipReasons: Record<string, number>;
};

/** Another live process is already running the same sync. */
export class SyncConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncConflictError';
  }
}

/** Runs owned by this process right now (a `running` row of ours that is not here is dead). */
const activeTokens = new Set<string>();

/**
 * Ingests Discovery events into the catalogue, or resumes the latest unfinished run with the
 * same filters. Each page is stored together with the run's counters and next cursor in one
 * transaction, so a crash at any point resumes exactly after the last stored page.
 */
export async function syncTicketmaster(options: SyncOptions): Promise<SyncResult> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const depth = options.pagingDepth ?? MAX_DEPTH;
  const filters = canonicalFilters(options.filters ?? {});
  const owner = { host: os.hostname(), pid: process.pid, token: randomUUID() };
  const heartbeat = () => new Date(clock.now()).toISOString();

  const claimed = await claimRun(db, filters, owner, clock, options);
  const runId = claimed.id;
  let cursor = claimed.cursor;
  activeTokens.add(owner.token);

  let pendingErrors = 0;
  let pagesThisInvocation = 0;
  const skipReasons: Record<string, number> = {};
  const client = new DiscoveryClient({
    ...options.client,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    db,
    dailyBudget: options.dailyBudget,
    clock,
    onRetry: (notice) => {
      pendingErrors += 1;
      options.onProgress?.({ kind: 'retry', runId, reason: notice.reason, waitMs: notice.waitMs });
    },
  });

  const finish = async (status: SyncStatus, stopReason?: StopReason, message?: string): Promise<SyncResult> => {
    const failed =
      status === 'failed' || (stopReason !== undefined && stopReason !== 'max_pages' && stopReason !== 'aborted');
    const [row] = await db
      .update(ingestRuns)
      .set({
        status,
        cursor: status === 'completed' ? null : cursor,
        errors: sql`${ingestRuns.errors} + ${pendingErrors + (failed ? 1 : 0)}`,
        lastError: status === 'completed' ? null : (message ?? null),
        finishedAt: new Date(clock.now()),
      })
      .where(eq(ingestRuns.id, runId))
      .returning();
    pendingErrors = 0;
    if (!row) throw new Error(`ingest run #${runId} disappeared`);
    return {
      runId,
      status,
      resumed: claimed.resumed,
      stopReason,
      pages: row.pages,
      upserts: row.upserts,
      skips: row.skips,
      errors: row.errors,
      lastError: row.lastError,
      requests: client.requests,
      skipReasons,
    };
  };

  try {
    while (cursor.windows.length > 0) {
      if (options.signal?.aborted) return await finish('interrupted', 'aborted', interruptedMessage(options.signal));
      if (options.maxPages !== undefined && pagesThisInvocation >= options.maxPages) {
        return await finish(
          'interrupted',
          'max_pages',
          `paused after ${options.maxPages} pages (--max-pages); the next sync with the same filters resumes here`,
        );
      }
      const window = cursor.windows[0]!;
      const pageIndex = cursor.page;
      const body = await client.getEvents(
        {
          ...filters,
          startDateTime: window.start,
          endDateTime: window.end,
          size: pageSize,
          page: pageIndex,
          sort: 'date,asc',
        },
        options.signal,
      );
      const parsed = parseEventsPage(body);
      const totalElements = parsed.page?.totalElements ?? parsed.items.length;

      if (totalElements > reachableItems(pageSize, depth) && canSplit(window)) {
        const into = splitWindow(window);
        cursor = { ...cursor, windows: [...into, ...cursor.windows.slice(1)], page: 0, heartbeatAt: heartbeat() };
        await db
          .update(ingestRuns)
          .set({ cursor, errors: sql`${ingestRuns.errors} + ${pendingErrors}` })
          .where(eq(ingestRuns.id, runId));
        pendingErrors = 0;
        options.onProgress?.({ kind: 'split', runId, window, totalElements, into });
        continue;
      }

      const lastPage = Math.min((parsed.page?.totalPages ?? 0) - 1, lastReachablePage(pageSize, depth));
      const windowDone = pageIndex >= lastPage;
      // Only a window that cannot be split further (over 1000 events in two seconds) gets here.
      const unreachable = windowDone ? Math.max(0, totalElements - reachableItems(pageSize, depth)) : 0;
      const next: SyncCursor = windowDone
        ? { ...cursor, windows: cursor.windows.slice(1), page: 0, heartbeatAt: heartbeat() }
        : { ...cursor, page: pageIndex + 1, heartbeatAt: heartbeat() };
      const skipped = parsed.skips.length + unreachable;

      const stored = await db.transaction(async (tx) => {
        const counts = await storePage(tx, parsed.items);
        await tx
          .update(ingestRuns)
          .set({
            cursor: next,
            pages: sql`${ingestRuns.pages} + 1`,
            upserts: sql`${ingestRuns.upserts} + ${storedTotal(counts)}`,
            skips: sql`${ingestRuns.skips} + ${skipped}`,
            errors: sql`${ingestRuns.errors} + ${pendingErrors}`,
          })
          .where(eq(ingestRuns.id, runId));
        return counts;
      });
      // my Encore (ADR 0008): prices, statuses and dates that changed on this page enter the history.
      await recordPriceObservations(
        db,
        parsed.items.map((item) => item.event.id),
      );
      pendingErrors = 0;
      cursor = next;
      pagesThisInvocation += 1;
      for (const skip of parsed.skips) {
        const reason = `${skip.kind}: ${skip.reason}`;
        skipReasons[reason] = (skipReasons[reason] ?? 0) + 1;
      }
      if (unreachable > 0) {
        const reason = `event: beyond the ${depth}-item paging depth of a window that cannot be split`;
        skipReasons[reason] = (skipReasons[reason] ?? 0) + unreachable;
      }
      options.onProgress?.({
        kind: 'page',
        runId,
        window,
        page: pageIndex,
        totalPages: parsed.page?.totalPages ?? 0,
        totalElements,
        stored,
        skipped,
        runPages: claimed.pages + pagesThisInvocation,
        windowsLeft: cursor.windows.length,
      });
    }
    return await finish('completed');
  } catch (error) {
    if (options.signal?.aborted) return await finish('interrupted', 'aborted', interruptedMessage(options.signal));
    if (error instanceof DiscoveryError) {
      const resumable = error.code === 'budget_exhausted' || error.code === 'quota_exceeded';
      return await finish(resumable ? 'interrupted' : 'failed', error.code, error.message);
    }
    if (error instanceof MalformedPageError) {
      return await finish('failed', 'malformed_page', `Ticketmaster sent an unreadable page: ${error.message}`);
    }
    return await finish('failed', 'error', error instanceof Error ? error.message : String(error));
  } finally {
    activeTokens.delete(owner.token);
    // Stored pages change how many upcoming events attractions and venues have (a resumed run
    // may have stored some before its process died without refreshing).
    if (pagesThisInvocation > 0 || claimed.resumed) {
      await refreshUpcomingCounts(db, { now: new Date(clock.now()) });
      notifyCatalogueChanged();
    }
  }
}

function interruptedMessage(signal: AbortSignal): string {
  const reason = signal.reason;
  const detail = typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : '';
  return `interrupted${detail ? ` (${detail})` : ''}; the next sync with the same filters resumes here`;
}

/** Only known filters, trimmed, without empties, in a fixed key order: the run's identity. */
export function canonicalFilters(filters: DiscoveryFilters): DiscoveryFilters {
  const result: DiscoveryFilters = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) result[key] = value;
  }
  return result;
}

type Claimed = { id: number; cursor: SyncCursor; resumed: boolean; pages: number };

/**
 * The latest run with the same filters is resumed when it stopped early (interrupted, failed)
 * or its process died while running; a live one blocks a second copy. Otherwise, or with
 * `restart`, a new run starts. The claim is a conditional UPDATE, so two processes starting
 * at once cannot both take over the same run.
 */
async function claimRun(
  db: Db,
  filters: DiscoveryFilters,
  owner: SyncCursor['owner'],
  clock: Clock,
  options: SyncOptions,
): Promise<Claimed> {
  const now = clock.now();
  const heartbeatAt = new Date(now).toISOString();
  const [latest] = await db
    .select()
    .from(ingestRuns)
    .where(and(eq(ingestRuns.source, SOURCE), sql`${ingestRuns.params} = ${JSON.stringify(filters)}::jsonb`))
    .orderBy(desc(ingestRuns.id))
    .limit(1);

  const latestCursor = latest ? readCursor(latest.cursor) : null;
  if (latest?.status === 'running' && runIsAlive(latestCursor, now)) {
    const who = latestCursor ? ` by pid ${latestCursor.owner.pid} on ${latestCursor.owner.host}` : '';
    const when = latestCursor ? `, last page saved at ${latestCursor.heartbeatAt}` : '';
    throw new SyncConflictError(
      `run #${latest.id} with the same filters is still running${who}${when}; wait for it to finish or stop it first`,
    );
  }
  // A cursor with no windows left is a run that stored its last page but died before saying
  // so: resuming it just records the completion.
  const resumable = latest && latest.status !== 'completed' && latestCursor;

  if (resumable && !options.restart) {
    const [row] = await db
      .update(ingestRuns)
      .set({
        status: 'running',
        finishedAt: null,
        cursor: { ...latestCursor, owner, heartbeatAt },
      })
      .where(
        and(
          eq(ingestRuns.id, latest.id),
          eq(ingestRuns.status, latest.status),
          sql`${ingestRuns.cursor}->>'heartbeatAt' is not distinct from ${latestCursor.heartbeatAt}`,
        ),
      )
      .returning();
    if (!row) throw new SyncConflictError(`run #${latest.id} was just taken over by another process`);
    return { id: row.id, cursor: readCursor(row.cursor)!, resumed: true, pages: row.pages };
  }

  const start = filters.startDateTime ?? discoveryDateTime(now);
  const end =
    filters.endDateTime ??
    discoveryDateTime(Date.parse(start) + (options.horizonDays ?? DEFAULT_HORIZON_DAYS) * 86_400_000);
  if (!(Date.parse(end) > Date.parse(start))) {
    throw new Error(`endDateTime (${end}) must be after startDateTime (${start})`);
  }
  const cursor: SyncCursor = { windows: [{ start, end }], page: 0, owner, heartbeatAt };
  const [row] = await db
    .insert(ingestRuns)
    .values({ source: SOURCE, params: filters, status: 'running', cursor })
    .returning();
  if (!row) throw new Error('could not record the ingest run');
  if (resumable) {
    // The abandoned run will never be resumed now; say so instead of leaving it "running".
    await db
      .update(ingestRuns)
      .set({
        status: latest.status === 'running' ? 'interrupted' : latest.status,
        lastError: `superseded by run #${row.id} (--restart)`,
        finishedAt: latest.finishedAt ?? new Date(now),
      })
      .where(eq(ingestRuns.id, latest.id));
  }
  return { id: row.id, cursor, resumed: false, pages: 0 };
}

function readCursor(value: Record<string, unknown> | null): SyncCursor | null {
  if (!value || !Array.isArray(value.windows) || typeof value.page !== 'number') return null;
  return value as unknown as SyncCursor;
}

/**
 * A running run is alive while its process saves pages (heartbeat younger than STALE_AFTER_MS)
 * and, on this host, its process still exists (and, in this very process, is still going).
 */
export function runIsAlive(cursor: SyncCursor | null, now: number): boolean {
  if (!cursor?.owner) return false;
  const heartbeat = Date.parse(cursor.heartbeatAt);
  if (!Number.isFinite(heartbeat) || now - heartbeat > STALE_AFTER_MS) return false;
  if (cursor.owner.host !== os.hostname()) return true;
  if (cursor.owner.pid === process.pid) return activeTokens.has(cursor.owner.token);
  return processExists(cursor.owner.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
