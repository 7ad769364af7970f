import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The Follow / Watch buttons and the alerts bell ship with public pages; the tracking store
 * and API client they use (lib/tracking.ts, with the identity client behind it) do not. A
 * signed-in fan's page fetches it on mount; an anonymous visitor's page only when a button
 * is pressed (first-load budget, docs/decisions/0011-first-load-budget.md).
 */
type Tracking = typeof import('~/lib/tracking');

let tracking: Tracking | undefined;

export function loadTracking(): Promise<Tracking> {
  return import('~/lib/tracking').then((module) => (tracking = module));
}

const noSubscription = () => () => {};

/** The tracking module once a signed-in fan's page has it; undefined for anonymous visitors. */
function useTrackingFor(signedIn: boolean): Tracking | undefined {
  const [module, setModule] = useState(tracking);
  useEffect(() => {
    if (signedIn && !module) loadTracking().then(setModule, () => undefined);
  }, [signedIn, module]);
  return signedIn ? module : undefined;
}

/**
 * Whether the fan follows / watches `id`: `initial` (from the server render) until the
 * browser knows better; undefined while unknown for a signed-in fan; false when signed out.
 */
export function useTracked(
  kind: 'event' | 'artist',
  id: string,
  signedIn: boolean,
  initial?: boolean,
): boolean | undefined {
  const store = useTrackingFor(signedIn);
  const value = useSyncExternalStore(
    store ? store.subscribeTracking : noSubscription,
    () => store?.trackedSnapshot(kind, id),
    () => undefined,
  );
  useEffect(() => {
    if (store && value === undefined && initial === undefined) store.requestTracked(kind, id);
  }, [store, kind, id, value, initial]);
  if (!signedIn) return false;
  return value ?? initial;
}

/** The unread count for the header badge (null until known, and for anonymous visitors). */
export function useUnreadCount(signedIn: boolean): number | null {
  const store = useTrackingFor(signedIn);
  const unread = useSyncExternalStore(
    store ? store.subscribeTracking : noSubscription,
    () => store?.unreadSnapshot() ?? null,
    () => null,
  );
  useEffect(() => store?.pollUnread(), [store]);
  return store ? unread : null;
}
