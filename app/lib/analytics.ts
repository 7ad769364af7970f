/**
 * SPEC §2 "page views go to a tag manager": with GTM_ID set, every page the visitor sees
 * (the first and each client navigation) is pushed to `window.dataLayer`, and the tag
 * manager's script (the one third-party script Encore loads) is added on the first. Only
 * while the visitor allows analytics: /cookie-settings turns it off with a consent cookie.
 * This file is the consent (what /cookie-settings ships); the page views are lib/page-views.ts.
 */
export const ANALYTICS_COOKIE = 'encoreAnalytics';
const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

export function analyticsAllowed(): boolean {
  return !document.cookie.split(/;\s*/).includes(`${ANALYTICS_COOKIE}=denied`);
}

export function setAnalyticsAllowed(allowed: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${ANALYTICS_COOKIE}=${allowed ? 'granted' : 'denied'}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax`;
  window.dispatchEvent(new Event(ANALYTICS_COOKIE));
}

export function subscribeAnalytics(listener: () => void) {
  window.addEventListener(ANALYTICS_COOKIE, listener);
  return () => window.removeEventListener(ANALYTICS_COOKIE, listener);
}
