/**
 * Public runtime configuration the root loader hands to the browser (never a secret): the
 * Firebase web config, the emulator address in dev and test, the API base URL and the
 * onboarding delay (SPEC §4/§9).
 */
export type PublicConfig = {
  firebase: { apiKey: string; projectId: string; authDomain: string; emulatorHost: string | null };
  apiBaseUrl: string;
  onboardingDelayMs: number;
  /** Tag manager container (GTM_ID); page views are pushed only when set (lib/page-views.ts). */
  gtmId: string | null;
  /** How often the browser checks for a newer build (lib/build-check.ts). */
  buildCheckMs: number;
};

let current: PublicConfig | undefined;

export function setPublicConfig(config: PublicConfig) {
  current = config;
}

export function getPublicConfig(): PublicConfig {
  if (!current) throw new Error('Public config not set: the root route provides it');
  return current;
}

/**
 * The one way to address the product API from the browser: `path` under the configured base
 * (PUBLIC_API_BASE_URL), e.g. apiUrl('/events/search'). The root route sets the base before
 * anything can ask; until then it is the default, /api.
 */
export function apiUrl(path: string): string {
  return `${(current?.apiBaseUrl ?? '/api').replace(/\/$/, '')}${path}`;
}
