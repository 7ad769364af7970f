import { analyticsAllowed } from './analytics';

/**
 * SPEC §2 page views (lib/analytics.ts): apart from the consent, which /cookie-settings ships
 * on first load, so that page carries only what it shows.
 */
const TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';

type DataLayerWindow = { dataLayer?: Record<string, unknown>[] };

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
