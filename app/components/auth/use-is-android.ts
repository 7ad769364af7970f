import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** SPEC §2: the Apple button is hidden on Android. Unknown while server rendering. */
export function useIsAndroid(): boolean {
  return useSyncExternalStore(
    noop,
    () => /Android/i.test(navigator.userAgent),
    () => false,
  );
}
