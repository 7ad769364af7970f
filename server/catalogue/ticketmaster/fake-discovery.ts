import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the Discovery API v2 `GET /events.json`, for tests: the real client
 * talks HTTP to it. It answers from an in-memory dataset with Discovery's behaviour where the
 * ingest depends on it: apikey check (401 fault), date-window and country filters, `sort=date,asc`
 * paging with `page` metadata, no `_embedded` on an empty result, refusal of deep paging
 * (size × page ≥ 1000), Rate-Limit-* headers, and optional per-second enforcement (429 fault).
 * Every request is recorded with its arrival time.
 */

export type FakeRequest = { at: number; path: string; query: Record<string, string> };
export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type FakeDiscoveryOptions = {
  apiKey?: string;
  /** Raw Discovery event objects (anything, to serve malformed items too). */
  events?: unknown[];
  /** Answer 429 once more than `limit` requests arrived within `intervalMs`. */
  rateLimit?: { limit: number; intervalMs: number };
  /** Daily quota reported in Rate-Limit headers. */
  quota?: number;
  /** Items one query may page through (Discovery: 1000); a shallower fake needs fewer events. */
  depth?: number;
};

export type FakeDiscovery = {
  /** Base URL to use as TICKETMASTER_BASE_URL. */
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  /** The dataset; tests may replace or edit it between runs. */
  events: unknown[];
  /**
   * Runs before the normal answer: return an answer to send instead, 'hang-up' to destroy the
   * connection, or undefined for the normal answer. `index` counts requests from 0.
   */
  intercept?: (request: FakeRequest, index: number) => FakeAnswer | 'hang-up' | undefined;
  /** Requests that asked for events with a valid key and were answered with a page. */
  pagesServed: number;
  close(): Promise<void>;
};

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

export const INVALID_KEY_BODY = fixture('error-401.json');
export const QUOTA_VIOLATION_BODY = fixture('error-429.json');
export const DEEP_PAGING_BODY = fixture('error-deep-paging.json');

/** A 429 as Discovery sends it, asking to retry at `resetAt` (epoch ms). */
export function quotaViolation(resetAt: number, quota = 5000): FakeAnswer {
  return {
    status: 429,
    body: QUOTA_VIOLATION_BODY,
    headers: {
      'Rate-Limit': String(quota),
      'Rate-Limit-Available': '0',
      'Rate-Limit-Over': '1',
      'Rate-Limit-Reset': String(resetAt),
    },
  };
}

export async function startFakeDiscovery(options: FakeDiscoveryOptions = {}): Promise<FakeDiscovery> {
  const apiKey = options.apiKey ?? 'fake-discovery-key';
  const quota = options.quota ?? 5000;
  const depth = options.depth ?? 1000;
  const arrivals: number[] = [];
  let served = 0;

  const fake: FakeDiscovery = {
    url: '',
    apiKey,
    requests: [],
    events: options.events ?? [],
    pagesServed: 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const send = (res: ServerResponse, answer: FakeAnswer) => {
    // A string body is sent as is (gateways answer errors in plain text or HTML).
    const raw = typeof answer.body === 'string';
    // Quota headers on ordinary answers; a 429 carries exactly the headers it was given.
    const quotaHeaders =
      answer.status === 429
        ? {}
        : {
            'Rate-Limit': String(quota),
            'Rate-Limit-Available': String(Math.max(0, quota - served)),
            'Rate-Limit-Over': '0',
            'Rate-Limit-Reset': String(startOfNextUtcDay(Date.now())),
          };
    res.writeHead(answer.status, {
      'content-type': raw ? 'text/plain;charset=utf-8' : 'application/json;charset=utf-8',
      ...quotaHeaders,
      ...answer.headers,
    });
    res.end(raw ? answer.body : JSON.stringify(answer.body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const at = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: FakeRequest = { at, path: url.pathname, query: Object.fromEntries(url.searchParams) };
    const index = fake.requests.length;
    fake.requests.push(request);
    served += 1;

    const intercepted = fake.intercept?.(request, index);
    if (intercepted === 'hang-up') {
      req.socket.destroy();
      return;
    }
    if (intercepted) return send(res, intercepted);

    if (options.rateLimit) {
      const { limit, intervalMs } = options.rateLimit;
      while (arrivals.length > 0 && arrivals[0]! <= at - intervalMs) arrivals.shift();
      if (arrivals.length >= limit) return send(res, quotaViolation(arrivals[0]! + intervalMs, quota));
      arrivals.push(at);
    }
    if (request.query.apikey !== apiKey) return send(res, { status: 401, body: INVALID_KEY_BODY });
    if (!url.pathname.endsWith('/events.json')) {
      return send(res, {
        status: 404,
        body: { errors: [{ code: 'DIS1004', detail: 'Resource not found', status: '404' }] },
      });
    }
    const size = Math.min(200, Number(request.query.size ?? 20));
    const page = Number(request.query.page ?? 0);
    if (!Number.isInteger(size) || size < 1 || !Number.isInteger(page) || page < 0) {
      return send(res, {
        status: 400,
        body: { errors: [{ code: 'DIS1015', detail: 'Invalid paging', status: '400' }] },
      });
    }
    if (size * page >= depth) return send(res, { status: 400, body: DEEP_PAGING_BODY });

    const matching = fake.events
      .filter((event) => matches(event, request.query))
      .sort((a, b) => startOf(a) - startOf(b) || idOf(a).localeCompare(idOf(b)));
    const slice = matching.slice(page * size, page * size + size);
    const totalPages = Math.ceil(matching.length / size);
    const self = `/discovery/v2/events.json?page=${page}&size=${size}`;
    const body: Record<string, unknown> = {
      _links: {
        self: { href: self },
        ...(page + 1 < totalPages ? { next: { href: `/discovery/v2/events.json?page=${page + 1}&size=${size}` } } : {}),
      },
      page: { size, totalElements: matching.length, totalPages, number: page },
    };
    // Discovery leaves `_embedded` out entirely when nothing matches.
    if (slice.length > 0) body._embedded = { events: slice };
    fake.pagesServed += 1;
    send(res, { status: 200, body });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/discovery/v2`;
  return fake;
}

/** The start instant Discovery filters and sorts on; undated events sort last. */
function startOf(event: unknown): number {
  const start = (event as { dates?: { start?: Record<string, unknown> } } | null)?.dates?.start;
  if (typeof start?.dateTime === 'string') return Date.parse(start.dateTime);
  if (typeof start?.localDate === 'string') {
    const time = typeof start.localTime === 'string' ? start.localTime : '00:00:00';
    return Date.parse(`${start.localDate}T${time}Z`);
  }
  return Number.POSITIVE_INFINITY;
}

function idOf(event: unknown): string {
  return String((event as { id?: unknown } | null)?.id ?? '');
}

function matches(event: unknown, query: Record<string, string>): boolean {
  if (typeof event !== 'object' || event === null) return !query.startDateTime && !query.endDateTime;
  const record = event as Record<string, unknown>;
  const start = startOf(record);
  if (query.startDateTime && !(start >= Date.parse(query.startDateTime))) return false;
  if (query.endDateTime && !(start <= Date.parse(query.endDateTime))) return false;
  if (query.countryCode) {
    const venue = (record._embedded as { venues?: { country?: { countryCode?: string } }[] } | undefined)?.venues?.[0];
    if (venue?.country?.countryCode !== query.countryCode) return false;
  }
  if (query.keyword && !String(record.name).toLowerCase().includes(query.keyword.toLowerCase())) return false;
  return true;
}

function startOfNextUtcDay(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
}
