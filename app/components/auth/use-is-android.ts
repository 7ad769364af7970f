import { useSyncExternalStore } from 'react';
import { platform } from '~/lib/platform';

const noop = () => () => {};

/**
 * SPEC §2: the Apple button is hidden on Android: the native shell on Android, and Android
 * browsers (no Sign in with Apple sheet there either). Unknown while server rendering.
 */
export function useIsAndroid(): boolean {
  return useSyncExternalStore(
    noop,
    () => platform() === 'android' || (platform() === 'web' && /Android/i.test(navigator.userAgent)),
    () => false,
  );
}
