import { useSyncExternalStore } from 'react';

/**
 * SPEC §1: Encore runs in the browser and inside the native shell (Capacitor, ADR 0021). The
 * shell injects its bridge before any page script runs; this module only looks for it, so
 * web visitors download nothing more. Everything native (push, native sign-in) sits in
 * ./native.ts and ./native-auth.ts, imported only when the bridge is there.
 */
export type Platform = 'web' | 'android' | 'ios';

type BridgeWindow = {
  Capacitor?: unknown;
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
};

/** The same test as @capacitor/core's getPlatform, without loading it. */
export function platform(): Platform {
  if (typeof window === 'undefined') return 'web';
  const bridge = window as unknown as BridgeWindow;
  if (!bridge.Capacitor) return 'web';
  if (bridge.androidBridge) return 'android';
  if (bridge.webkit?.messageHandlers?.bridge) return 'ios';
  return 'web';
}

export const isNative = (): boolean => platform() !== 'web';

const noop = () => () => {};

/** The platform, 'web' while server rendering and hydrating. */
export function usePlatform(): Platform {
  return useSyncExternalStore(noop, platform, () => 'web');
}

let started = false;

/** On the native shell: push permission and token (SPEC §4), once per page. */
export function startPlatform() {
  if (started || !isNative()) return;
  started = true;
  import('./native')
    .then((native) => native.startNative())
    .catch(() => {
      started = false;
    });
}
