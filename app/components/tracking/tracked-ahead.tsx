import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { TRACKING_ACTION } from '~/lib/tracking-action';
import { waitedOn } from '../hydration';

/**
 * A signed-in fan's page from the render fans share (ADR 0043) does not say what they follow
 * and watch. The page asks for it with itself (ADR 0047): the head preloads the tracking
 * resource's JSON (its loader, app/routes/resources/tracking.ts), and the browser's first
 * code takes that answer. Follow and Watch know their state when the page's code is there,
 * not three round trips later (route discovery, the route's module, its data).
 */

type Ahead = TrackedState | 'waiting' | 'failed';

let ahead: Ahead | undefined;
const listeners = new Set<() => void>();

const set = (next: Ahead) => {
  ahead = next;
  for (const listener of listeners) listener();
};

const isTracked = (value: unknown): value is TrackedState =>
  !!value &&
  typeof value === 'object' &&
  Array.isArray((value as TrackedState).eventIds) &&
  Array.isArray((value as TrackedState).attractionIds);

/** The head's preload, when the server left the fan's state to the browser. */
export function TrackedAheadLink() {
  const root = useRouteLoaderData('root') as { signedIn?: boolean; tracked?: TrackedState | null } | undefined;
  if (!root?.signedIn || root.tracked) return null;
  // Same URL, mode and credentials as the fetch below (same origin, cookies sent): the
  // browser hands it the preloaded answer.
  return <link rel="preload" href={TRACKING_ACTION} as="fetch" crossOrigin="anonymous" data-tracked-ahead="" />;
}

/**
 * Takes the preloaded answer, once, when the page's code starts. Waited on: downloads nobody
 * asked for (the idle work) hold back until it has come.
 */
export function readTrackedAhead(): void {
  if (ahead !== undefined || !document.querySelector('link[data-tracked-ahead]')) return;
  set('waiting');
  const answer = fetch(TRACKING_ACTION).then(async (response) => {
    const body: unknown = response.ok ? await response.json() : undefined;
    set(isTracked(body) ? body : 'failed');
  });
  waitedOn(answer.catch(() => set('failed')));
}

/** No preloaded answer is on its way or here: none was asked for, or it failed. */
export const trackedAheadMissing = (): boolean => ahead === undefined || ahead === 'failed';

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The preloaded answer: the state, 'waiting' while on its way, 'failed' (the page then reads
 * it through the route, as a revalidation would), undefined when none was asked for. While
 * the server's HTML is hydrated, undefined, as the server rendered it.
 */
export function useTrackedAhead(): Ahead | undefined {
  return useSyncExternalStore(
    subscribe,
    () => ahead,
    () => undefined,
  );
}
