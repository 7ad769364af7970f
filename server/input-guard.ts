import type { IncomingHttpHeaders } from 'node:http';

/**
 * The one input check at the edge (issue 12): every request, API or page, is refused with a
 * 400 naming the field before any route runs when a value it carries cannot be text we
 * store or compare: a NUL or another control character, bytes that are not UTF-8 (`%C3%28`,
 * a lone `%E9`), a lone UTF-16 surrogate in JSON, or a value longer than any field of ours.
 * Routes then validate meaning (zod schemas in contracts/); this check only guarantees that
 * what reaches them, and the database, is well-formed text of sane size.
 */
export type InputProblem = {
  field: string;
  reason: string;
  message: string;
  /** For a path problem: which segment (0 = the first after the leading slash). */
  segment?: number;
};

export const INPUT_LIMITS = {
  /** A path segment: ids and slugs are far shorter; a slug of a long event name fits. */
  pathSegment: 512,
  /** A whole URL (path and query), in bytes as sent. */
  url: 8_192,
  /** One query value or name. */
  queryValue: 2_048,
  /** Query parameters in one request. */
  queryParams: 200,
  /** A string in a JSON body: an ID token (contracts/accounts.ts token) is the longest field. */
  jsonString: 16_384,
  /** Keys and items in one JSON body, counted together. */
  jsonNodes: 2_000,
  /** JSON nesting depth. */
  jsonDepth: 16,
  /** A cookie value (browsers keep at most 4096 bytes of one cookie). */
  cookieValue: 4_096,
  /** A header the app reads. */
  header: 8_192,
} as const;

/** Headers the server or the pages read: each must be well-formed (RFC 9110 field values). */
const READ_HEADERS = [
  'authorization',
  'cookie',
  'accept-encoding',
  'user-agent',
  'host',
  'content-type',
  'if-none-match',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
] as const;

/** Cookies the app reads (the session, the remembered filters, the onboarding answer). */
const READ_COOKIES = /^encore\w*$/i;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const problem = (field: string, reason: string): InputProblem => ({ field, reason, message: `${field}: ${reason}` });

/**
 * Decodes a percent-encoded URL part as UTF-8, refusing what URLSearchParams and
 * decodeURIComponent would silently turn into U+FFFD or throw on.
 */
function decodePart(raw: string, plusIsSpace: boolean): string | undefined {
  const text = plusIsSpace ? raw.replace(/\+/g, ' ') : raw;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * A refused request's target as React Router can decode it, for its 400 page: each path
 * segment that does not decode has its `%` escaped. Handed the raw target, the router printed
 * a plain-text warning (not one of our JSON lines) into the log, twice, for every malformed
 * address a client sent.
 */
export function decodableTarget(target: string): string {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  const decodable = path
    .split('/')
    .map((segment) => (decodePart(segment, false) === undefined ? segment.replaceAll('%', '%25') : segment))
    .join('/');
  return query < 0 ? decodable : decodable + target.slice(query);
}

function checkText(field: string, value: string, max: number, allowBreaks = false): InputProblem | undefined {
  if (value.length > max) return problem(field, `must be at most ${max} characters`);
  if ((allowBreaks ? CONTROL : CONTROL_OR_BREAK).test(value))
    return problem(field, 'must not contain control characters');
  if (LONE_SURROGATE.test(value)) return problem(field, 'must be valid UTF-8 text');
  return undefined;
}

/** Path segments and query parameters of a raw request target (`/a/b?x=1`). */
export function checkUrl(rawUrl: string): InputProblem | undefined {
  if (Buffer.byteLength(rawUrl) > INPUT_LIMITS.url) return problem('url', `must be at most ${INPUT_LIMITS.url} bytes`);
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt < 0 ? '' : rawUrl.slice(queryAt + 1);
  const segments = path.split('/').slice(1);
  for (let index = 0; index < segments.length; index++) {
    const decoded = decodePart(segments[index]!, false);
    if (decoded === undefined)
      return { ...problem('path', 'must be valid UTF-8 text (percent-encoded)'), segment: index };
    const found = checkText('path', decoded, INPUT_LIMITS.pathSegment);
    if (found) return { ...found, segment: index };
  }
  if (!query) return undefined;
  const pairs = query.split('&');
  if (pairs.length > INPUT_LIMITS.queryParams) {
    return problem('query', `must have at most ${INPUT_LIMITS.queryParams} parameters`);
  }
  for (const pair of pairs) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decodePart(rawName, true);
    if (name === undefined) return problem('query', 'parameter names must be valid UTF-8 text');
    const named = checkText('query', name, INPUT_LIMITS.queryValue);
    if (named) return { ...named, message: `query: parameter names ${named.reason}` };
    const value = decodePart(eq < 0 ? '' : pair.slice(eq + 1), true);
    if (value === undefined) return problem(name, 'must be valid UTF-8 text');
    const found = checkText(name, value, INPUT_LIMITS.queryValue);
    if (found) return found;
  }
  return undefined;
}

/**
 * The field a path problem is about: the parameter of the matched route pattern
 * (`/api/events/:id` names `id`), else `path`.
 */
export function namePathField(found: InputProblem, routePattern: string | undefined): InputProblem {
  if (found.segment === undefined || !routePattern) return found;
  const part = routePattern.split('/').slice(1)[found.segment];
  const name = part?.startsWith(':') ? part.slice(1).replace(/\(.*$/, '') : part === '*' ? 'path' : undefined;
  if (!name) return found;
  return { ...found, field: name, message: `${name}: ${found.reason}` };
}

/** A request target the router could not even decode (bad percent-encoding). */
export const BAD_URL_PROBLEM: InputProblem = problem('path', 'must be valid UTF-8 text (percent-encoded)');

/**
 * Node hands header values over as latin1 strings: bytes above 0x7F must form UTF-8, and
 * the values the app reads must be of sane length. (Node's parser already refuses NUL and
 * line breaks in headers.)
 */
export function checkHeaders(headers: IncomingHttpHeaders): InputProblem | undefined {
  for (const name of READ_HEADERS) {
    const raw = headers[name];
    if (raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value.length > INPUT_LIMITS.header) return problem(name, `must be at most ${INPUT_LIMITS.header} characters`);
      if (CONTROL.test(value)) return problem(name, 'must not contain control characters');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: bytes above ASCII are what we check
      if (/[^\u0000-\u007f]/.test(value) && !isUtf8(Buffer.from(value, 'latin1'))) {
        return problem(name, 'must be valid UTF-8 text');
      }
    }
  }
  const host = headers.host;
  if (host !== undefined && !isHost(host)) {
    return problem('host', 'must be a host name or address, with an optional port');
  }
  const cookie = headers.cookie;
  if (cookie) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      if (!READ_COOKIES.test(name)) continue;
      const raw = part.slice(eq + 1).trim();
      const value = decodePart(raw.replace(/^"(.*)"$/, '$1'), false);
      const field = `cookie ${name}`;
      if (value === undefined) return problem(field, 'must be valid UTF-8 text');
      const found = checkText(field, value, INPUT_LIMITS.cookieValue);
      if (found) return found;
    }
  }
  return undefined;
}

/** The last Host header found good: nearly every request carries the same one. */
let goodHost = '';

/** What a URL can be built on: pages build their request URL from the Host header. */
function isHost(host: string): boolean {
  if (host === goodHost) return true;
  if (!/^(\[[0-9a-fA-F:.]+\]|[\w.-]+)(:\d{1,5})?$/.test(host)) return false;
  try {
    if (new URL(`http://${host}/`).host === '') return false;
  } catch {
    return false;
  }
  goodHost = host;
  return true;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** UTF-8 text of a request body, or undefined when its bytes are not UTF-8. */
export function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Every key and string of a parsed JSON body; the field is the path (`answers.vendor`,
 * `items.0`), as zod names it.
 */
export function checkJson(value: unknown): InputProblem | undefined {
  let nodes = 0;
  const walk = (node: unknown, path: string[], depth: number): InputProblem | undefined => {
    if (++nodes > INPUT_LIMITS.jsonNodes) return problem('body', `must hold at most ${INPUT_LIMITS.jsonNodes} values`);
    if (depth > INPUT_LIMITS.jsonDepth) return problem(path.join('.') || 'body', 'is nested too deeply');
    if (typeof node === 'string') return checkText(path.join('.') || 'body', node, INPUT_LIMITS.jsonString, true);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = walk(node[i], [...path, String(i)], depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const keyProblem = checkText(path.join('.') || 'body', key, INPUT_LIMITS.queryValue);
        if (keyProblem) return { ...keyProblem, message: `${keyProblem.field}: field names ${keyProblem.reason}` };
        const found = walk(child, [...path, key], depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(value, [], 0);
}

/**
 * The answer to a refused page request, thrown from its loaders: plain text, so a resource route (the sitemap) answers it as is and the root
 * error page shows it.
 */
export function badInputResponse(message: string): Response {
  return new Response(`Bad request: ${message}`, {
    status: 400,
    statusText: 'Bad Request',
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
