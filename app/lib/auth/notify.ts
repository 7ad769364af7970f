import { useSyncExternalStore } from 'react';

/**
 * SPEC §8/§9 negative notifications (sonner, position top, 5000 ms). Sonner is loaded on the
 * first notification, not with the page: anonymous visitors never download it (page weight).
 * A toast raised before the Toaster has mounted would be lost, so we wait for it.
 */
export const NOTIFICATION_TIMEOUT_MS = 5000;

let wanted = false;
let markMounted: (() => void) | undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

export function toasterMounted() {
  markMounted?.();
}

export function notifyError(message: string) {
  void show('error', message);
}

export function notifySuccess(message: string) {
  void show('success', message);
}

async function show(kind: 'error' | 'success', message: string) {
  if (typeof window === 'undefined') return;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  toast[kind](message, { duration: NOTIFICATION_TIMEOUT_MS });
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
