import { useSyncExternalStore } from 'react';
import type { TrackedState } from '#contracts/tracking';
import { TRACKING_ACTION } from '~/lib/tracking-action';
import { waitedOn } from '../hydration';

/**
 * A signed-in fan's page from the render fans share (ADR 0043) does not say what they follow
 * and watch. The page asks for it with itself (ADR 0047): the head preloads the tracking
 * resource's JSON (tracked-ahead-link.tsx; the route's loader, app/routes/resources/tracking.ts),
 * and this module takes that answer as soon as it runs, with the code of Follow, Watch and the
 * alerts badge (page-parts, vite.config.ts): not first-load code. They know the fan's state when
 * their code is there, not three round trips later (route discovery, the route's module, its
 * data).
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

/**
 * Takes the preloaded answer, once. Waited on: downloads nobody asked for (the idle work) hold
 * back until it has come, should it still be on its way.
 */
function readTrackedAhead(): void {
  if (ahead !== undefined || !document.querySelector('link[data-tracked-ahead]')) return;
  set('waiting');
  const answer = fetch(TRACKING_ACTION).then(async (response) => {
    const body: unknown = response.ok ? await response.json() : undefined;
    if (!isTracked(body)) return set('failed');
    showTracked(body);
    set(body);
  });
  waitedOn(answer.catch(() => set('failed')));
}

/** When the fan's state was first shown on buttons still waiting in the server's HTML. */
let shownAt: number | undefined;

/**
 * Shows the fan's state on the Follow and Watch buttons still waiting for it, as the server's
 * HTML has them (ADR 0068): `aria-pressed`, which alone styles them (app.css), and no longer
 * busy. Their part hydrates when it is used, as for every visitor, and then renders the same
 * state. A button React already renders with a state, or with a press it holds, has left
 * `data-quiet`: it is React's alone.
 */
export function showTracked(tracked: TrackedState): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-quiet][data-tracks]')) {
    const [kind, id = ''] = (button.dataset.tracks ?? '').split(/:(.*)/s);
    const ids = kind === 'artist' ? tracked.attractionIds : tracked.eventIds;
    button.setAttribute('aria-pressed', String(ids.includes(id)));
    button.removeAttribute('aria-busy');
    button.removeAttribute('data-quiet');
    shownAt ??= performance.now();
  }
}

/** When a fan's state was first shown before their Follow and Watch hydrated, if it was. */
export const trackedShownAt = (): number | undefined => shownAt;

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

if (typeof document !== 'undefined') readTrackedAhead();
