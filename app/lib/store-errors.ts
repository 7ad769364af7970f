import { data, isRouteErrorResponse } from 'react-router';

/**
 * SPEC §8 store fallbacks: the message of each catalogue fetch that failed without an Error
 * of its own to tell (a dropped connection, a server that did not answer). The error is kept
 * and thrown on to the screen that shows it, with a way to retry.
 */
export const STORE_MESSAGES = {
  searchEvents: 'Failed to search events',
  artistDetails: 'Failed to fetch artist details',
  artistEvents: 'Failed to fetch artist events',
  eventImages: 'Failed to fetch event images',
  venueDetails: 'Failed to fetch venue details',
  eventDetails: 'Failed to fetch event details',
} as const;
export type StoreMessage = (typeof STORE_MESSAGES)[keyof typeof STORE_MESSAGES];

/** SPEC §8: the error as thrown when it is an Error, else one carrying the fallback message. */
export function storeError(error: unknown, fallback: StoreMessage): Error {
  return error instanceof Error ? error : new Error(fallback);
}

const STORE_FAILURE = 'encore:store-failure';
export type StoreFailure = { kind: typeof STORE_FAILURE; message: StoreMessage };

/**
 * A route's data could not be fetched on a client navigation: answers (404, redirects) pass
 * through as they are; a failed fetch becomes a 503 carrying the store message, which the
 * route's error boundary shows with a Retry button (components/store-failure.tsx).
 */
export async function withStoreFallback<T>(load: () => Promise<T>, message: StoreMessage): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isRouteErrorResponse(error) || error instanceof Response) throw error;
    console.warn(message, storeError(error, message));
    throw data({ kind: STORE_FAILURE, message } satisfies StoreFailure, { status: 503 });
  }
}

export function storeFailureOf(error: unknown): StoreFailure | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const body = error.data as Partial<StoreFailure> | undefined;
  return body?.kind === STORE_FAILURE && typeof body.message === 'string' ? (body as StoreFailure) : undefined;
}
