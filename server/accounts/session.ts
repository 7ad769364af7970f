import type { SystemRole } from '#contracts/accounts';
import { cachePerOwner } from '../cache.ts';
import type { Services } from '../context.ts';
import { getSystemRole } from './accounts.ts';
import { isTokenError } from './verifier.ts';

/**
 * Server-side knowledge of the signed-in user for server-rendered pages (SPEC §7 token sync):
 * the page posts each fresh ID token to /api/session (ADR 0078), we verify it and keep it in an
 * HttpOnly cookie, and every SSR request verifies that cookie again. No session of our own.
 */
export const SESSION_COOKIE = 'encore_session';

/** What loaders know about the visitor; null for anonymous visitors. */
export type SessionUser = {
  uid: string;
  email: string | null;
  systemRole: SystemRole;
  /** Whether POST /accounts has run for this uid yet. */
  registered: boolean;
};

/** The value of one cookie from a Cookie header (RFC 6265 syntax, no dependency). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export const readSessionToken = (cookieHeader: string | null | undefined) => readCookie(cookieHeader, SESSION_COOKIE);

/**
 * How long a verified session cookie is taken at its word (ADR 0028). Every page a signed-in
 * fan opens would otherwise verify the token (in emulator mode, a call to the emulator) and
 * read the account's role from the database on the request thread. A role change shows
 * within this time; admin pages check again, uncached (`checkRevoked`).
 */
export const SESSION_USER_TTL_MS = 30_000;
const SESSION_USERS_MAX = 10_000;

/** Per auth service (one per server; tests build several): token → user. */
const known = cachePerOwner<string, SessionUser>({ ttlMs: SESSION_USER_TTL_MS, maxEntries: SESSION_USERS_MAX });

/**
 * The verified user behind a request's session cookie, or null. A bad, expired or revoked
 * token is simply "anonymous" here; guards then redirect. When the token could not be checked
 * (identity service or database unreachable) this throws SessionUnavailableError instead:
 * the visitor may well be signed in, so guards answer 503 rather than send them to sign in.
 * `checkRevoked` is used by admin pages and always asks again.
 */
export async function readSessionUser(
  services: Services,
  cookieHeader: string | null | undefined,
  options: { checkRevoked?: boolean } = {},
): Promise<SessionUser | null> {
  const token = readSessionToken(cookieHeader);
  if (!token) return null;
  const now = Date.now();
  if (!options.checkRevoked) {
    const user = known(services.auth).get(token);
    if (user) return user;
  }
  try {
    const verified = await services.auth.verifyIdToken(token, options);
    const role = await getSystemRole(services.database.db, verified.uid);
    const user = {
      uid: verified.uid,
      email: verified.email,
      systemRole: role ?? 'user',
      registered: role !== undefined,
    };
    // Not yet registered: the next page must see the registration as soon as it is done.
    if (user.registered)
      known(services.auth).set(token, user, Math.min(now + SESSION_USER_TTL_MS, verified.expiresAt * 1000));
    return user;
  } catch (error) {
    if (isTokenError(error)) return null;
    services.logger.warn({ err: error }, 'session check failed');
    throw new SessionUnavailableError({ cause: error });
  }
}

/** The session cookie could not be checked right now (not: the visitor is signed out). */
export class SessionUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The session could not be checked', options);
    this.name = 'SessionUnavailableError';
  }
}
