import type { Page } from '@playwright/test';

/**
 * A stand-in for the Capacitor native bridge (what the shell injects before page scripts on
 * Android and iOS): `window.Capacitor` with the plugin headers and `nativePromise` /
 * `nativeCallback` that @capacitor/core calls, answering as the push and Firebase
 * authentication plugins document. Calls are recorded with the page's clock time.
 */
export type BridgeCall = { plugin: string; method: string; options: unknown; at: number };

export type BridgeOptions = {
  platform: 'android' | 'ios';
  /** The token the push service hands out on register(). */
  pushToken?: string;
  /** The Google account the native sign-in sheet returns (an emulator fake-credential claim set). */
  google?: { sub: string; email: string };
};

export async function installNativeBridge(page: Page, options: BridgeOptions) {
  await page.addInitScript((opts: BridgeOptions) => {
    type Listener = (data: unknown) => void;
    const calls: BridgeCall[] = [];
    const listeners: Record<string, Listener[]> = {};
    const w = window as unknown as Record<string, unknown>;
    w.__bridgeCalls = calls;
    w.__emitPushToken = (value: string) => {
      for (const listener of listeners.registration ?? []) listener({ value });
    };
    if (opts.platform === 'android') w.androidBridge = { postMessage() {} };
    else w.webkit = { messageHandlers: { bridge: { postMessage() {} } } };
    const promises = (names: string[]) => names.map((name) => ({ name, rtype: 'promise' }));
    w.Capacitor = {
      PluginHeaders: [
        {
          name: 'PushNotifications',
          methods: [
            ...promises(['checkPermissions', 'requestPermissions', 'register', 'removeAllListeners']),
            { name: 'addListener', rtype: 'callback' },
          ],
        },
        { name: 'FirebaseAuthentication', methods: promises(['signInWithGoogle', 'signInWithApple', 'signOut']) },
      ],
      nativePromise(plugin: string, method: string, args: unknown) {
        calls.push({ plugin, method, options: args, at: Date.now() });
        if (method === 'requestPermissions' || method === 'checkPermissions')
          return Promise.resolve({ receive: 'granted' });
        if (method === 'register') {
          queueMicrotask(() => opts.pushToken && (w.__emitPushToken as (v: string) => void)(opts.pushToken));
          return Promise.resolve();
        }
        if (method === 'signInWithGoogle' && opts.google) {
          const idToken = JSON.stringify({ ...opts.google, email_verified: true });
          return Promise.resolve({
            user: null,
            credential: { providerId: 'google.com', idToken },
            additionalUserInfo: null,
          });
        }
        return Promise.reject(new Error(`${plugin}.${method} is not answered by this bridge`));
      },
      nativeCallback(plugin: string, method: string, args: { eventName?: string }, callback: Listener) {
        calls.push({ plugin, method, options: args, at: Date.now() });
        if (method === 'addListener' && args.eventName) {
          listeners[args.eventName] = [...(listeners[args.eventName] ?? []), callback];
        }
        return String(calls.length);
      },
    };
  }, options);
}

export function bridgeCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls);
}
