import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { SessionUser } from '#server/accounts/session';
import { requireAdmin, requireUser } from './auth.server';

/**
 * SPEC §2 named middleware: the guards of SPEC §6 as React Router route middleware, looked up
 * by name (`export const middleware = namedMiddleware('requireUser')`). They run before the
 * route's loader on every navigation, document or data request; an unknown name is an error
 * ('Unknown route middleware', SPEC §8) when the route module loads, so a misspelt guard can
 * never leave a page open.
 */
const guardedUserContext = createContext<SessionUser>();

const NAMED_MIDDLEWARE = {
  /** SPEC §6: signed in, else / (with the session cookie's verified user). */
  requireUser: ({ url, context }) => {
    context.set(guardedUserContext, requireUser(url, context));
  },
  /** SPEC §2 /my-encore: an anonymous visitor lands on / with the sign-in dialog open first. */
  requireUserOrSignIn: ({ url, context }) => {
    context.set(guardedUserContext, requireUser(url, context, { openSignIn: true }));
  },
  /** SPEC §6: systemRole admin with an unrevoked token, else /. */
  requireAdmin: async ({ request, context }) => {
    context.set(guardedUserContext, await requireAdmin(request, context));
  },
} satisfies Record<string, MiddlewareFunction<Response>>;

export type MiddlewareName = keyof typeof NAMED_MIDDLEWARE;

export class UnknownRouteMiddlewareError extends Error {
  constructor(readonly middlewareName: string) {
    super('Unknown route middleware');
    this.name = 'UnknownRouteMiddlewareError';
  }
}

export function namedMiddleware(...names: string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    if (!Object.hasOwn(NAMED_MIDDLEWARE, name)) throw new UnknownRouteMiddlewareError(name);
    return NAMED_MIDDLEWARE[name as MiddlewareName];
  });
}

/** The user a guard let through (only inside routes that run one). */
export function guardedUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(guardedUserContext);
}
