/**
 * SPEC §2 "page views go to a tag manager": with GTM_ID set, every page the visitor sees
 * (the first and each client navigation) is pushed to `window.dataLayer`, and the tag
 * manager's script (the one third-party script Encore loads) is added on the first. Only
 * while the visitor allows analytics: /cookie-settings turns it off with a consent cookie.
 */
export const ANALYTICS_COOKIE = 'encoreAnalytics';
const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;
const TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';

type DataLayerWindow = { dataLayer?: Record<string, unknown>[] };

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

let loaded = false;

function loadTagManager(gtmId: string, dataLayer: Record<string, unknown>[]) {
  if (loaded) return;
  loaded = true;
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_URL}?id=${encodeURIComponent(gtmId)}`;
  // Under a nonce-based Content-Security-Policy, the page's own scripts carry the nonce.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}

export function trackPageView(gtmId: string, path: string) {
  if (!analyticsAllowed()) return;
  const target = window as unknown as DataLayerWindow;
  target.dataLayer ??= [];
  loadTagManager(gtmId, target.dataLayer);
  target.dataLayer.push({
    event: 'page_view',
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
