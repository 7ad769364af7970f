import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startLocation } from './location-start';

/** SPEC §4 first load, the part every page carries: the question to the browser. */
const local = new Map<string, string>();
const session = new Map<string, string>();
let cookies: string[] = [];
let asked = 0;

const storage = (map: Map<string, string>) => ({
  getItem: (k: string) => map.get(k) ?? null,
  setItem: (k: string, v: string) => void map.set(k, v),
  removeItem: (k: string) => void map.delete(k),
});

function browser(geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined) {
  vi.stubGlobal('localStorage', storage(local));
  vi.stubGlobal('sessionStorage', storage(session));
  vi.stubGlobal('document', {
    set cookie(value: string) {
      cookies.push(value);
    },
  });
  vi.stubGlobal('navigator', {
    language: 'fr-FR',
    geolocation: geolocation && {
      getCurrentPosition: (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        asked++;
        geolocation.getCurrentPosition(...args);
      },
    },
  });
}

const denied = {
  getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
    fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
};

beforeEach(() => {
  local.clear();
  session.clear();
  cookies = [];
  asked = 0;
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('remembers the browser language and, refused with no IP lookup service, leaves the user location null', async () => {
  browser(denied);
  await startLocation({});
  expect(local.get('encoreLocale')).toBe('fr-FR');
  expect(cookies.some((c) => c.startsWith('encoreLocale=fr-FR;'))).toBe(true);
  expect(asked).toBe(1);
  expect(local.get('encoreUserLocation')).toBe('null');
});

it('asks once per browser session, and not at all when the filters already have a place', async () => {
  browser(denied);
  await startLocation({});
  await startLocation({});
  expect(asked).toBe(1);

  session.clear();
  local.set('encoreFilters', JSON.stringify({ location: { geoPoint: '30.2672:-97.7431' } }));
  await startLocation({});
  expect(asked).toBe(1);
});
