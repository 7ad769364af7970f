import type { Db } from '../../db/client.ts';
import { budgetDay, spendBudget } from './budget.ts';
import { type Clock, systemClock } from './clock.ts';
import { DISCOVERY_RATE_LIMIT, type RateLimit, RateLimiter } from './rate-limiter.ts';

export const BUDGET_SOURCE = 'ticketmaster';

export type DiscoveryErrorCode =
  /** 401/403: the key is wrong, revoked or not allowed. Fix the key, then sync again. */
  | 'invalid_api_key'
  /** Our own daily budget (api_budget) is spent. Resumable tomorrow. */
  | 'budget_exhausted'
  /** Ticketmaster keeps answering 429, or asks us to wait longer than we are willing to. */
  | 'quota_exceeded'
  /** Any other 4xx: a filter Discovery refuses. */
  | 'bad_request'
  /** Network errors, 5xx and unreadable bodies that persisted through the retries. */
  | 'unavailable';

export class DiscoveryError extends Error {
  constructor(
    readonly code: DiscoveryErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DiscoveryError';
  }
}

export type RetryNotice = { reason: string; waitMs: number; status?: number };

export type DiscoveryClientOptions = {
  baseUrl: string;
  apiKey: string;
  /** Where the shared daily budget lives (api_budget). */
  db: Db;
  dailyBudget: number;
  clock?: Clock;
  rateLimit?: RateLimit;
  /** Longest Rate-Limit-Reset wait we sit through; beyond it the call fails with quota_exceeded. */
  maxRateLimitWaitMs?: number;
  /** 429 answers tolerated in a row for one call. */
  maxRateLimitRetries?: number;
  /** Transient failures (network, 5xx, unreadable body) retried per call, with doubling back-off. */
  retries?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  onRetry?: (notice: RetryNotice) => void;
  fetch?: typeof fetch;
};

export type QueryValue = string | number | undefined;

/**
 * The Discovery API v2 client. Every HTTP request (retries included) first waits for a slot
 * of the 5-a-second limiter, then spends one request of the daily budget shared through the
 * database; a refused budget stops the call before anything is sent.
 */
export class DiscoveryClient {
  /** HTTP requests this client has sent (each retry counts, as it does against the quota). */
  requests = 0;
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly base: string;

  constructor(private readonly options: DiscoveryClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.limiter = new RateLimiter(options.rateLimit ?? DISCOVERY_RATE_LIMIT, this.clock);
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  /** GET /events.json with the given query; resolves with the parsed JSON body. */
  getEvents(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<unknown> {
    return this.get('/events.json', query, signal);
  }

  async get(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<unknown> {
    const url = new URL(this.base + path);
    url.searchParams.set('apikey', this.options.apiKey);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const retries = this.options.retries ?? 3;
    const retryBaseMs = this.options.retryBaseMs ?? 1000;
    const maxWait = this.options.maxRateLimitWaitMs ?? 60_000;
    const maxRateLimited = this.options.maxRateLimitRetries ?? 5;
    let failures = 0;
    let rateLimited = 0;

    const transient = async (reason: string, status?: number) => {
      failures += 1;
      if (failures > retries) {
        throw new DiscoveryError(
          'unavailable',
          `Ticketmaster did not answer usefully after ${failures} tries: ${reason}`,
          status,
        );
      }
      const waitMs = retryBaseMs * 2 ** (failures - 1);
      this.options.onRetry?.({ reason, waitMs, status });
      await this.clock.sleep(waitMs, signal);
    };

    for (;;) {
      const release = await this.limiter.acquire(signal);
      const day = budgetDay(this.clock.now());
      let spent: number | null;
      try {
        spent = await spendBudget(this.options.db, BUDGET_SOURCE, day, this.options.dailyBudget);
      } catch (error) {
        release();
        throw error;
      }
      if (spent === null) {
        release();
        throw new DiscoveryError(
          'budget_exhausted',
          `the daily Ticketmaster budget of ${this.options.dailyBudget} requests is spent for ${day} (UTC); ` +
            'run the same command after midnight UTC to resume, or raise TICKETMASTER_DAILY_BUDGET',
        );
      }
      this.requests += 1;

      let response: Response;
      const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
      try {
        response = await (this.options.fetch ?? fetch)(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        }).finally(release);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        await transient(timeout.aborted ? 'request timed out' : `network error (${errorText(error)})`);
        continue;
      }

      if (response.status === 429) {
        const fault = faultMessage(await response.text());
        rateLimited += 1;
        const resetAt = parseReset(response.headers.get('rate-limit-reset'));
        const waitMs =
          resetAt === undefined ? retryBaseMs * 2 ** (rateLimited - 1) : Math.max(0, resetAt - this.clock.now()) + 50;
        if (rateLimited > maxRateLimited || waitMs > maxWait) {
          const until = resetAt === undefined ? '' : ` until ${new Date(resetAt).toISOString()}`;
          throw new DiscoveryError('quota_exceeded', `Ticketmaster rate limit reached${until}: ${fault}`, 429);
        }
        this.options.onRetry?.({ reason: `429 ${fault}`, waitMs, status: 429 });
        await this.clock.sleep(waitMs, signal);
        continue;
      }

      const text = await response.text().catch((error: unknown) => {
        if (signal?.aborted) throw signal.reason;
        return { unreadable: errorText(error) };
      });
      if (typeof text !== 'string') {
        await transient(`unreadable body (${text.unreadable})`, response.status);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new DiscoveryError(
          'invalid_api_key',
          `Ticketmaster refused the API key (${response.status} ${faultMessage(text)}); check TICKETMASTER_API_KEY`,
          response.status,
        );
      }
      if (response.status >= 500) {
        await transient(`${response.status} ${faultMessage(text)}`, response.status);
        continue;
      }
      if (response.status >= 400) {
        throw new DiscoveryError(
          'bad_request',
          `Ticketmaster refused the request (${response.status} ${faultMessage(text)})`,
          response.status,
        );
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        await transient(`body is not JSON (${text.slice(0, 60)})`, response.status);
      }
    }
  }
}

/**
 * Rate-Limit-Reset is epoch milliseconds per the Discovery docs. A value that can only be epoch
 * seconds (before 1973 as milliseconds) is read as seconds rather than trusted blindly.
 */
export function parseReset(value: string | null): number | undefined {
  if (!value) return undefined;
  const number = Number(value.trim());
  if (!Number.isFinite(number) || number <= 0) return undefined;
  return number < 1e11 ? number * 1000 : number;
}

/** The human part of a Discovery error body: Apigee `fault.faultstring` or `errors[0].detail`. */
export function faultMessage(text: string): string {
  try {
    const body = JSON.parse(text) as {
      fault?: { faultstring?: unknown; detail?: { errorcode?: unknown } };
      errors?: { detail?: unknown; code?: unknown }[];
    };
    const fault = body.fault;
    if (fault && typeof fault.faultstring === 'string') {
      const code = typeof fault.detail?.errorcode === 'string' ? ` [${fault.detail.errorcode}]` : '';
      return `${fault.faultstring}${code}`;
    }
    const first = body.errors?.[0];
    if (first && typeof first.detail === 'string') {
      return typeof first.code === 'string' ? `${first.detail} [${first.code}]` : first.detail;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim().slice(0, 200) || 'no details';
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
