import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { adoptLocation } from './location-bootstrap';
import { filtersFromCookie, loadFilters, loadUserLocation } from './preferences';

/** The idle-time location code edits the stored filters without the filters module: same formats. */
const store = new Map<string, string>();
let cookieJar = '';

beforeEach(() => {
  store.clear();
  cookieJar = '';
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('window', { localStorage: globalThis.localStorage });
  vi.stubGlobal('document', {
    get cookie() {
      return cookieJar;
    },
    set cookie(value: string) {
      const [pair] = value.split(';');
      const [name] = pair!.split('=');
      const kept = cookieJar.split('; ').filter((part) => part && !part.startsWith(`${name}=`));
      cookieJar = [...kept, pair].join('; ');
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

it('a located place becomes the location filter, read back by the page code and the server', () => {
  store.set('encoreFilters', JSON.stringify({ city: 'Paris', dates: ['2030-01-02'], radius: '50' }));
  cookieJar = `encoreFilters=${encodeURIComponent('city=Paris&startDateTime=2030-01-02T00%3A00%3A00Z&endDateTime=2030-01-02T23%3A59%3A59Z&radius=50')}`;
  adoptLocation({ latitude: 30.267153, longitude: -97.743061, city: 'Austin', stateCode: 'TX', countryCode: 'US' });

  const filters = loadFilters();
  expect(filters.city).toBeUndefined();
  expect(filters.location).toMatchObject({ geoPoint: '30.2672:-97.7431', city: 'Austin' });
  expect(filters.dates).toEqual(['2030-01-02']);
  expect(filters.radius).toBe('50');

  const server = filtersFromCookie(cookieJar);
  expect(server.location).toMatchObject({ geoPoint: '30.2672:-97.7431', city: 'Austin' });
  expect(server.city).toBeUndefined();
  expect(server.dates).toEqual(['2030-01-02']);
  expect(loadUserLocation()).toBeNull();
});
