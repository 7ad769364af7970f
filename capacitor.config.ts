import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (ADR 0021). Encore is server-rendered, so the shell loads the Encore server
 * (`ENCORE_APP_URL` when `npm run native:sync` runs) and keeps a small bundled page for when
 * that server cannot be reached.
 */
const appUrl = process.env.ENCORE_APP_URL || 'http://10.0.2.2:3000';

const config: CapacitorConfig = {
  appId: 'app.encore.tickets',
  appName: 'Encore',
  webDir: 'native/www',
  server: {
    url: appUrl,
    cleartext: appUrl.startsWith('http:'),
    errorPath: 'offline.html',
  },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
    FirebaseAuthentication: {
      // The web SDK keeps the session (indexed store); the native layer only proves who the user is.
      skipNativeAuth: true,
      providers: ['google.com', 'apple.com'],
    },
  },
};

export default config;
