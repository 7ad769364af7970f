import { type AppLoadContext, data, type HeadersFunction, redirect } from 'react-router';

type GuardContext = Pick<AppLoadContext, 'services' | 'sessionUser' | 'sessionUnavailable'>;

import { readSessionUser, type SessionUser } from '#server/accounts/session';
import { isDatabaseUnavailable } from '#server/db/client';
import { RETRY_AFTER_SECONDS } from '#server/errors';
import type { PublicConfig } from './auth/config';

/**
 * Guards for loaders (SPEC §6), from the verified session cookie the server put in the load
 * context (server/http.ts getLoadContext). A guarded page or its .data is never rendered for
 * the wrong person: they get a redirect with no body.
 */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' };

/**
 * The thrown answer of a page whose data cannot be read right now: the root error boundary
 * renders SPEC's error page with 503, and root's `headers` passes Retry-After on.
 */
export function serviceUnavailable() {
  return data('Encore cannot reach its data right now. Try again in a moment.', {
    status: 503,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), ...PRIVATE_HEADERS },
  });
}

/**
 * A thrown answer's headers reach the document (Retry-After on a 503): the `headers` of the
 * root and of every route that shows its own errors (React Router hands a thrown answer's
 * headers to the route whose boundary shows it, and to no other).
 */
export const errorHeadersPassed: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  errorHeaders?.forEach((value, name) => {
    headers.set(name, value);
  });
  return headers;
};

/**
 * Root loader check: every page answers 503 while the database is out of reach, rather than
 * each loader failing with a 500. Runs beside the route loaders, so it adds no latency.
 */
export async function requireDatabase(context: AppLoadContext): Promise<void> {
  if (!(await context.services.database.ping())) throw serviceUnavailable();
}

/**
 * A loader's or action's own read that finds the database out of reach answers as the root's
 * check does (SPEC's error page, 503 and Retry-After), never a 500: the check may have
 * answered just before (a server restarting under load, PGlite's answer that stands a second).
 * Any other failure is thrown as it came.
 */
export async function orUnavailable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw isDatabaseUnavailable(error) ? serviceUnavailable() : error;
  }
}

export function requireUser(url: URL, context: GuardContext, options: { openSignIn?: boolean } = {}): SessionUser {
  if (context.sessionUser) return context.sessionUser;
  // Could not check the cookie: the visitor may be signed in, so no sign-in redirect.
  if (context.sessionUnavailable) throw serviceUnavailable();
  // SPEC §2 /my-encore: "If the user is anonymous, the sign-in dialog opens first"; the home
  // page opens it and continues to this path after sign-in.
  const target = options.openSignIn ? `/?signin=${encodeURIComponent(url.pathname + url.search)}` : '/';
  throw redirect(target, { headers: PRIVATE_HEADERS });
}

/** systemRole admin, with a token Firebase has not revoked (checked again on every admin page). */
export async function requireAdmin(request: Request, context: GuardContext): Promise<SessionUser> {
  if (context.sessionUnavailable) throw serviceUnavailable();
  if (context.sessionUser?.systemRole !== 'admin') throw redirect('/', { headers: PRIVATE_HEADERS });
  const checked = await readSessionUser(context.services, request.headers.get('cookie'), {
    checkRevoked: true,
  }).catch(() => {
    throw serviceUnavailable();
  });
  if (checked?.systemRole !== 'admin') throw redirect('/', { headers: PRIVATE_HEADERS });
  return checked;
}

/** What the browser needs to talk to Firebase and the API; nothing secret. */
export function publicConfig(context: Pick<AppLoadContext, 'services'>): PublicConfig {
  const { env } = context.services;
  return {
    firebase: {
      apiKey: env.FIREBASE_API_KEY,
      projectId: env.FIREBASE_PROJECT_ID,
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? '',
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    },
    apiBaseUrl: env.PUBLIC_API_BASE_URL,
    onboardingDelayMs: env.ONBOARDING_DELAY_MS,
    gtmId: env.GTM_ID ?? null,
    buildCheckMs: env.BUILD_CHECK_INTERVAL_MS,
  };
}
