import { createPublicKey, type KeyObject, verify as verifySignature, X509Certificate } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Cache } from '../cache.ts';

/**
 * Firebase ID token verification (ARCHITECTURE.md: identity). Two verifiers share one result
 * type:
 * - production: our own RS256 verifier over a key source we can point anywhere (Google's
 *   x509 certificate URL by default, a loopback JWKS in tests), so the checks that protect
 *   production are the ones the forged-token tests exercise;
 * - emulator (never in production, see server/env.ts): the emulator's tokens are unsigned, so
 *   the same claim checks, then each token is confirmed with the emulator itself.
 */

export type VerifiedToken = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  signInProvider: string | null;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  authTime: number;
};

export type TokenErrorCode = 'token_invalid' | 'token_expired' | 'token_revoked' | 'user_disabled';

/** A token we refuse: always a 401 for the caller, the reason only in logs and the code. */
export class TokenError extends Error {
  constructor(
    readonly code: TokenErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/**
 * A refused token, recognised by name: the page build bundles its own copy of this module,
 * so a TokenError thrown by the auth service (outside that build) is not `instanceof` the
 * page build's class.
 */
export const isTokenError = (error: unknown): error is TokenError =>
  error instanceof Error && error.name === 'TokenError';

/** The identity service could not be reached (revocation check, key download): a 503. */
export class IdentityUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityUnavailableError';
  }
}

/** Google's published certificates for Firebase ID tokens (the URL firebase-admin uses). */
export const GOOGLE_ID_TOKEN_CERTS_URL =
  'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

export type KeySource = { getKey(kid: string): Promise<KeyObject | undefined> };

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Public keys from a URL answering either Google's x509 map (`{ kid: PEM certificate }`) or
 * a JWKS (`{ keys: [...] }`). Cached for the response's max-age (default one hour); an
 * unknown kid triggers at most one refetch per `minRefetchMs`, so forged kids cannot make
 * us hammer the key server.
 */
export function createHttpKeySource(
  url: string,
  options: { fetch?: FetchLike; minRefetchMs?: number; now?: () => number; timeoutMs?: number } = {},
): KeySource {
  const doFetch: FetchLike = options.fetch ?? ((u, init) => fetch(u, init));
  const now = options.now ?? Date.now;
  const minRefetchMs = options.minRefetchMs ?? 60_000;
  let keys = new Map<string, KeyObject>();
  let expiresAt = 0;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let inflight: Promise<void> | undefined;

  async function refresh() {
    let response: Response;
    try {
      response = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    } catch (error) {
      throw new IdentityUnavailableError('Could not download the token signing keys', { cause: error });
    }
    if (!response.ok) throw new IdentityUnavailableError(`Token signing keys answered ${response.status}`);
    const body = (await response.json()) as unknown;
    keys = parseKeys(body);
    fetchedAt = now();
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    expiresAt = fetchedAt + (maxAge ? Number(maxAge) * 1000 : 3_600_000);
  }

  async function ensure(force: boolean) {
    const stale = now() >= expiresAt;
    const mayRefetch = now() - fetchedAt >= minRefetchMs;
    if (!stale && !(force && mayRefetch)) return;
    inflight ??= refresh().finally(() => {
      inflight = undefined;
    });
    await inflight;
  }

  return {
    async getKey(kid) {
      await ensure(false);
      if (!keys.has(kid)) await ensure(true);
      return keys.get(kid);
    },
  };
}

function parseKeys(body: unknown): Map<string, KeyObject> {
  const result = new Map<string, KeyObject>();
  if (body && typeof body === 'object' && Array.isArray((body as { keys?: unknown }).keys)) {
    for (const jwk of (body as { keys: Array<Record<string, unknown>> }).keys) {
      if (typeof jwk.kid !== 'string' || jwk.kty !== 'RSA') continue;
      result.set(jwk.kid, createPublicKey({ key: jwk as never, format: 'jwk' }));
    }
    return result;
  }
  if (body && typeof body === 'object') {
    for (const [kid, pem] of Object.entries(body)) {
      if (typeof pem === 'string') result.set(kid, new X509Certificate(pem).publicKey);
    }
  }
  return result;
}

const decodeJson = (part: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Seconds of tolerated clock difference between Google's servers and ours. */
export const CLOCK_SKEW_SECONDS = 5;

/**
 * The claims every ID token must carry, in every mode (Firebase's documented rules): aud =
 * project id, iss = https://securetoken.google.com/<project id>, a non-empty sub of at most
 * 128 characters, exp in the future, iat and auth_time present and not in the future.
 */
export function checkClaims(payload: Record<string, unknown>, projectId: string, nowSeconds: number): void {
  if (payload.aud !== projectId) throw new TokenError('token_invalid', 'wrong audience');
  if (payload.iss !== `https://securetoken.google.com/${projectId}`) {
    throw new TokenError('token_invalid', 'wrong issuer');
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) {
    throw new TokenError('token_invalid', 'bad subject');
  }
  for (const claim of ['exp', 'iat', 'auth_time'] as const) {
    if (typeof payload[claim] !== 'number' || !Number.isFinite(payload[claim])) {
      throw new TokenError('token_invalid', `missing ${claim}`);
    }
  }
  const exp = payload.exp as number;
  const iat = payload.iat as number;
  const authTime = payload.auth_time as number;
  if (exp <= nowSeconds - CLOCK_SKEW_SECONDS) throw new TokenError('token_expired', 'token expired');
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) throw new TokenError('token_invalid', 'issued in the future');
  if (authTime > nowSeconds + CLOCK_SKEW_SECONDS) throw new TokenError('token_invalid', 'authenticated in the future');
  if (authTime > iat + CLOCK_SKEW_SECONDS) throw new TokenError('token_invalid', 'authenticated after it was issued');
  if (exp <= iat) throw new TokenError('token_invalid', 'expires before it was issued');
}

/**
 * Production tokens: RS256 with a known kid and a valid signature, then checkClaims.
 */
export function createJwtVerifier(options: { projectId: string; keys: KeySource; now?: () => number }) {
  const { projectId, keys } = options;
  const now = options.now ?? Date.now;
  return async function verify(token: string): Promise<VerifiedToken> {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((p) => !/^[\w-]*$/.test(p))) {
      throw new TokenError('token_invalid', 'not a JWT');
    }
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    const header = decodeJson(encodedHeader);
    const payload = decodeJson(encodedPayload);
    if (!header || !payload) throw new TokenError('token_invalid', 'undecodable JWT');
    if (header.alg !== 'RS256')
      throw new TokenError('token_invalid', `algorithm ${String(header.alg)} is not accepted`);
    if (typeof header.kid !== 'string' || !header.kid) throw new TokenError('token_invalid', 'no key id');

    checkClaims(payload, projectId, Math.floor(now() / 1000));

    const key = await keys.getKey(header.kid);
    if (key?.asymmetricKeyType !== 'rsa') throw new TokenError('token_invalid', 'unknown signing key');
    const signed = Buffer.from(`${encodedHeader}.${encodedPayload}`);
    const signature = Buffer.from(encodedSignature, 'base64url');
    if (signature.length === 0 || !verifySignature('RSA-SHA256', signed, key, signature)) {
      throw new TokenError('token_invalid', 'bad signature');
    }
    return toVerified(payload);
  };
}

function toVerified(payload: Record<string, unknown>): VerifiedToken {
  const firebase = (payload.firebase ?? {}) as { sign_in_provider?: unknown };
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    uid: payload.sub as string,
    email: str(payload.email),
    emailVerified: payload.email_verified === true,
    name: str(payload.name),
    picture: str(payload.picture),
    signInProvider: str(firebase.sign_in_provider),
    issuedAt: payload.iat as number,
    expiresAt: payload.exp as number,
    authTime: (payload.auth_time as number | undefined) ?? (payload.iat as number),
  };
}

/** firebase-admin for one project, created once per process and project. */
export function firebaseAdminAuth(projectId: string) {
  const name = `encore-${projectId}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}

/** What the emulator records about a user (Identity Toolkit's UserInfo, the fields we read). */
type EmulatorUser = {
  localId?: string;
  email?: string;
  disabled?: boolean;
  validSince?: string;
  /** Milliseconds since the epoch, as a string: the last sign-in. */
  lastLoginAt?: string;
  /** ISO date: the last token the emulator minted for this user. */
  lastRefreshAt?: string;
};

/**
 * Emulator tokens are unsigned (alg none) and carry no secret, so anyone can write one. Each
 * token is therefore confirmed with the emulator itself: its user must exist and be enabled,
 * the token must postdate a sign-out everywhere (validSince), and the token must match the
 * emulator's record of that user: auth_time is the second of the last sign-in, iat no later
 * than the last token minted, and the email the record's. A confirmed token is remembered
 * until it expires; the user's status is asked again after `recheckMs`, and on every call
 * that wants `fresh` (admin calls). ADR 0015.
 */
export function createEmulatorVerifier(options: {
  projectId: string;
  emulatorHost: string;
  now?: () => number;
  fetch?: FetchLike;
  recheckMs?: number;
  maxEntries?: number;
}) {
  const now = options.now ?? Date.now;
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const recheckMs = options.recheckMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const lookupUrl = `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(options.projectId)}/accounts:lookup`;
  // Kept until the token expires: a token confirmed once skips the sign-in checks below when
  // it is looked up again after `recheckMs`.
  const confirmed = new Cache<string, { verified: VerifiedToken; checkedAt: number }>({
    ttlMs: recheckMs,
    maxEntries,
    now,
  });

  async function lookup(uid: string): Promise<EmulatorUser | undefined> {
    let response: Response;
    try {
      response = await doFetch(lookupUrl, {
        method: 'POST',
        // The emulator's administrator credential: answers the stored record by uid.
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: [uid] }),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      throw new IdentityUnavailableError('Could not reach the auth emulator', { cause: error });
    }
    if (!response.ok) throw new IdentityUnavailableError(`The auth emulator answered ${response.status}`);
    const body = (await response.json()) as { users?: EmulatorUser[] };
    return body.users?.find((u) => u.localId === uid);
  }

  function forget(token: string) {
    confirmed.delete(token);
  }

  return async function verify(token: string, fresh: boolean): Promise<VerifiedToken> {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((p) => !/^[\w-]*$/.test(p))) {
      throw new TokenError('token_invalid', 'not a JWT');
    }
    const header = decodeJson(parts[0]!);
    const payload = decodeJson(parts[1]!);
    if (!header || !payload) throw new TokenError('token_invalid', 'undecodable JWT');
    const nowMs = now();
    try {
      checkClaims(payload, options.projectId, Math.floor(nowMs / 1000));
    } catch (error) {
      forget(token);
      throw error;
    }
    const known = confirmed.get(token);
    if (known && !fresh && nowMs - known.checkedAt < recheckMs) return known.verified;

    const uid = payload.sub as string;
    const user = await lookup(uid);
    if (!user) {
      forget(token);
      throw new TokenError('token_invalid', 'the emulator has no such user');
    }
    if (user.disabled) {
      forget(token);
      throw new TokenError('user_disabled', 'user disabled');
    }
    const iat = payload.iat as number;
    if (user.validSince && iat < Number(user.validSince)) {
      forget(token);
      throw new TokenError('token_revoked', 'token revoked');
    }
    if (!known) {
      // The emulator's auth_time is its record's last sign-in, or the last refresh without one.
      const lastLoginMs = user.lastLoginAt ? Number(user.lastLoginAt) : Date.parse(user.lastRefreshAt ?? '');
      const lastLogin = Math.floor(lastLoginMs / 1000);
      const lastMinted = Math.floor(Date.parse(user.lastRefreshAt ?? '') / 1000);
      const email = typeof payload.email === 'string' ? payload.email : undefined;
      if (payload.auth_time !== lastLogin) throw new TokenError('token_invalid', 'not the last sign-in');
      if (Number.isFinite(lastMinted) && iat > lastMinted + CLOCK_SKEW_SECONDS) {
        throw new TokenError('token_invalid', 'newer than any token the emulator minted');
      }
      if ((email ?? '') !== (user.email ?? '')) throw new TokenError('token_invalid', 'email differs');
    }
    const verified = known?.verified ?? toVerified(payload);
    confirmed.set(token, { verified, checkedAt: nowMs }, verified.expiresAt * 1000);
    return verified;
  };
}

export function mapAdminError(error: unknown): Error {
  const code = (error as { code?: string } | undefined)?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'auth/id-token-expired':
      return new TokenError('token_expired', message);
    case 'auth/id-token-revoked':
      return new TokenError('token_revoked', message);
    case 'auth/user-disabled':
      return new TokenError('user_disabled', message);
    case 'auth/argument-error':
    case 'auth/invalid-argument':
    case 'auth/invalid-id-token':
    case 'auth/user-not-found':
      return new TokenError('token_invalid', message);
    default:
      return new IdentityUnavailableError(`Identity service failed: ${message}`, { cause: error });
  }
}
