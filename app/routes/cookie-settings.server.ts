import { ANALYTICS_COOKIE } from '~/lib/analytics';

export type StorageEntry = { name: string; kind: string; lasts: string; purpose: string };

/**
 * What /cookie-settings lists, sent as the page's data: the words are not first-load
 * JavaScript (ARCHITECTURE.md page weight). Each entry names what the code really writes
 * (app/lib/preferences.ts, location-start.ts, viewport.ts, analytics.ts, reload-guard.ts,
 * auth/*, server/accounts/routes.ts).
 */
export const REQUIRED_STORAGE: StorageEntry[] = [
  {
    name: 'encore_session',
    kind: 'Cookie (HttpOnly)',
    lasts: 'Until your sign-in token expires (at most an hour, renewed while you use Encore)',
    purpose: 'Tells our server who is signed in, so your pages are rendered for you. Set only when you sign in.',
  },
  {
    name: 'encoreFilters',
    kind: 'Cookie and local storage',
    lasts: '365 days',
    purpose: 'Your place, dates, radius and ticket preference, so results near you show on the first load.',
  },
  {
    name: 'encoreLocale',
    kind: 'Cookie and local storage',
    lasts: '365 days',
    purpose: "Your browser's language.",
  },
  {
    name: 'encoreViewport',
    kind: 'Cookie',
    lasts: '365 days',
    purpose: 'The size class of your screen (xs to xl), so the server sends the layout that fits it.',
  },
  {
    name: 'encore_quiz_submitted',
    kind: 'Cookie',
    lasts: '365 days',
    purpose: 'That you answered the onboarding questions, so they are not asked again.',
  },
  {
    name: ANALYTICS_COOKIE,
    kind: 'Cookie',
    lasts: '365 days',
    purpose: 'Your analytics choice below. Set only when you change it.',
  },
  {
    name: 'encore',
    kind: 'Local storage',
    lasts: 'Until you sign out',
    purpose: 'Your account while signed in: name, picture, role and, in the app, the device push token.',
  },
  {
    name: 'encoreUserLocation',
    kind: 'Local storage',
    lasts: 'Until you clear it',
    purpose: 'The city your browser or network placed you in, offered as "Current location".',
  },
  {
    name: 'firebaseLocalStorageDb',
    kind: 'IndexedDB',
    lasts: 'Until you sign out',
    purpose: 'Your sign-in with our identity provider (Firebase Authentication).',
  },
  {
    name: 'encoreLocated, encoreReloadGuard, encore-auth-redirect',
    kind: 'Session storage',
    lasts: 'This tab only',
    purpose:
      'That your location was asked once this visit; when the page last reloaded itself after a failed update (so it never loops); where to return after signing in with Google or Apple.',
  },
];

/** The page's prose, sent with its data for the same reason as the table above. */
export const COOKIE_PAGE_TEXT = {
  intro:
    'This page lists every cookie and storage entry Encore itself writes in your browser, and lets you turn analytics off. Encore has no advertising cookies.',
  withTagManager:
    'This site counts page views with a tag manager (Google Tag Manager): when analytics is on, its script loads and each page you open is sent to it; the tag manager may set cookies of its own. When it is off, no page view is sent.',
  withoutTagManager:
    'No tag manager is configured on this site: no page view is sent anywhere, whatever you choose here.',
  managing:
    'You can delete cookies and site data at any time in your browser settings. Deleting the session cookie or the sign-in storage signs you out; deleting the preference cookies resets your place, dates and language and may show the onboarding questions again.',
};
