import { type AppLoadContext, data } from 'react-router';
import { readSessionToken, type SessionUser } from '#server/accounts/session';
import { isTokenError } from '#server/accounts/verifier';
import { ApiError } from '#server/errors';
import { hit } from '#server/rate-limit-store';
import { PRIVATE_HEADERS } from './auth.server';
import type { FormFailure } from './form-answer';

/**
 * The one way a web write runs (ADR 0033), shared by the route actions: POST only, from a
 * page of ours, by a signed-in fan whose token Firebase has not revoked and whose account is
 * registered (the checks /api makes of a write), with a small url-encoded form. The domain's
 * ApiErrors become the answer a form shows: status, message, and the field at fault.
 */
export type SessionContext = Pick<AppLoadContext, 'services' | 'sessionUser' | 'sessionUnavailable'>;

/** A form of a few short fields; anything larger is not ours. */
const MAX_BODY_BYTES = 16 * 1024;

export const refuse = (status: number, code: string, error: string, field?: string, headers?: Record<string, string>) =>
  data<FormFailure>(
    {
      ok: false,
      code,
      error,
      ...(field ? { fieldErrors: { [field]: error.replace(`${field}: `, '') } } : {}),
    },
    { status, headers: { ...PRIVATE_HEADERS, ...headers } },
  );

/**
 * CSRF: the session cookie is SameSite=Lax, so other sites' POSTs arrive without it; on top,
 * a write must come from a page of ours. Browsers send Origin with every POST; it must be the
 * configured public origin or the origin the request was addressed to.
 */
function fromOurPages(request: Request, publicOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  return origin === new URL(publicOrigin).origin || origin === new URL(request.url).origin;
}

async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the form as application/x-www-form-urlencoded');
  }
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    size += part.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader?.cancel();
      throw new ApiError(413, 'too_large', `The form is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(part.value);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const unavailable = () => new ApiError(503, 'identity_unavailable', 'Try again in a moment');

async function requireWriter(request: Request, context: SessionContext): Promise<SessionUser> {
  const user = context.sessionUser;
  if (context.sessionUnavailable) throw unavailable();
  const token = readSessionToken(request.headers.get('cookie'));
  if (!user || !token) throw new ApiError(401, 'unauthenticated', 'Sign in to continue');
  try {
    const verified = await context.services.auth.verifyIdToken(token, { checkRevoked: true });
    if (verified.uid !== user.uid) throw new ApiError(401, 'unauthenticated', 'Sign in to continue');
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isTokenError(error)) {
      throw new ApiError(401, 'unauthenticated', 'Sign in to continue');
    }
    throw unavailable();
  }
  // Not yet registered users are never taken from the session cache: this is current.
  if (!user.registered) throw new ApiError(409, 'account_not_registered', 'Finish signing in first');
  return user;
}

/** How many writes of one kind a fan may send in a window: the API's limit for the same writes. */
export type WriteLimit = { name: string; max: number; timeWindow: number };

/**
 * Counted in the table the API's limits use (server/rate-limit-store.ts), so every node
 * counts together; a database that cannot count lets the write through, as the API does.
 */
async function overLimit(context: SessionContext, uid: string, limit: WriteLimit): Promise<number | null> {
  try {
    const { current, ttl } = await hit(context.services.database.db, `web:${limit.name}:${uid}`, limit.timeWindow);
    return current > limit.max ? Math.max(1, Math.ceil(ttl / 1000)) : null;
  } catch {
    return null;
  }
}

/** Runs `write` for the checked writer with the form's fields; refusals are answered, not thrown. */
export async function formAction<T>(
  request: Request,
  context: SessionContext,
  limit: WriteLimit,
  write: (uid: string, fields: Record<string, string>) => Promise<T>,
) {
  if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'Send the form with POST');
  if (!fromOurPages(request, context.services.env.PUBLIC_ORIGIN)) {
    return refuse(403, 'cross_origin', 'This form can only be sent from Encore itself');
  }
  try {
    const { uid } = await requireWriter(request, context);
    const retryAfter = await overLimit(context, uid, limit);
    if (retryAfter !== null) {
      const message = `Too many requests: try again in ${retryAfter} seconds`;
      return refuse(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
    }
    return data(await write(uid, await readForm(request)), { headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof ApiError) return refuse(error.statusCode, error.code, error.message, error.field);
    throw error;
  }
}
