import { PushNotifications } from '@capacitor/push-notifications';
import { getAccount, subscribeAccount } from '../auth/account-store';
import { platform } from './index';

/**
 * The native shell's side of push (SPEC §4, §7): 0.5 s after load the app asks for push
 * permission; once granted, the device's token is registered with the account
 * (pushNotificationToken on POST /accounts), again whenever the push service hands out a new
 * one, and when someone signs in on this device. Alerts then reach the device through
 * Firebase Cloud Messaging (server/tracking/fcm.ts).
 */
export const PUSH_PERMISSION_DELAY_MS = 500;

let deviceToken = '';
let registering: Promise<void> | undefined;

export function startNative() {
  // Styles and scripts may tell the shell apart (safe areas, no install prompts).
  document.documentElement.dataset.nativeShell = platform();
  window.setTimeout(() => void askForPush(), PUSH_PERMISSION_DELAY_MS);
  subscribeAccount(() => void syncToken());
}

async function askForPush() {
  try {
    // Listening first: `register` may answer before its promise settles.
    await PushNotifications.addListener('registration', ({ value }) => {
      deviceToken = value;
      void syncToken();
    });
    const { receive } = await PushNotifications.requestPermissions();
    if (receive === 'granted') await PushNotifications.register();
  } catch (error) {
    // Push is a convenience: a device without a push service still runs the app.
    console.warn('Push notifications unavailable', error);
  }
}

/** Tell the server about this device's token when someone is signed in and it does not know it yet. */
async function syncToken() {
  const account = getAccount();
  if (!deviceToken || !account.uid || account.pushNotificationToken === deviceToken || registering) return;
  const token = deviceToken;
  registering = import('../auth/session')
    .then((session) => session.registerPushToken(token))
    .catch((error) => console.warn('Push token not registered', error))
    .finally(() => {
      registering = undefined;
    });
  await registering;
  // A newer token arrived while this one was being sent.
  if (deviceToken !== token) await syncToken();
}
