/**
 * The one HTTP client of the browser app (SPEC §7): retries 408, 409, 425, 429, 500, 502,
 * 503 and 504, once by default for non-mutating methods and never for PATCH, POST, PUT and
 * DELETE; statuses 400–599 raise an HttpError. Error kinds follow SPEC §8.
 */
export type HttpErrorKind = 'network' | 'timeout' | 'cancelled' | 'bad-request' | 'bad-response';

export type ApiErrorPayload = { error?: { code?: string; message?: string; field?: string } };

export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The API's error message, when the body carries one (SPEC §8). */
  get apiMessage(): string | undefined {
    return (this.body as ApiErrorPayload | undefined)?.error?.message;
  }

  get field(): string | undefined {
    return (this.body as ApiErrorPayload | undefined)?.error?.field;
  }
}

export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MUTATING = new Set(['PATCH', 'POST', 'PUT', 'DELETE']);

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export type RequestOptions = {
  method?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retries on a retryable status or a network error; default 1 for reads, 0 for writes. */
  retries?: number;
  timeoutMs?: number;
};

/** SPEC §5: empty, null or undefined params are dropped; arrays are repeated. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== '' && item !== null && item !== undefined) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const retries = options.retries ?? (MUTATING.has(method) ? 0 : 1);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const target = url + buildQuery(options.query);

  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(target, { method, headers, body, signal, credentials: 'same-origin' });
    } catch (error) {
      if (options.signal?.aborted) throw new HttpError('cancelled', 'Request cancelled');
      if (timeout.aborted) throw new HttpError('timeout', 'Request timed out');
      if (attempt < retries) {
        await delay(200 * 2 ** attempt);
        continue;
      }
      throw new HttpError('network', error instanceof Error ? error.message : 'Network error');
    }
    if (response.ok) {
      if (response.status === 204) return undefined as T;
      const type = response.headers.get('Content-Type') ?? '';
      return (type.includes('json') ? await response.json() : await response.text()) as T;
    }
    if (RETRY_STATUSES.has(response.status) && attempt < retries) {
      await delay(retryAfterMs(response) ?? 200 * 2 ** attempt);
      continue;
    }
    const payload = await response.json().catch(() => undefined);
    const message =
      (payload as ApiErrorPayload | undefined)?.error?.message ?? `Request failed with ${response.status}`;
    throw new HttpError(response.status < 500 ? 'bad-request' : 'bad-response', message, response.status, payload);
  }
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 5000) : undefined;
}
