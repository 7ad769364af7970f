import { afterEach, describe, expect, it, vi } from 'vitest';
import { locateUser, lookupCity, toUserLocation } from './user-location';

type Handler = (url: URL) => { status: number; body?: unknown };

function fakeFetch(handler: Handler) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://encore.test');
      calls.push(url.pathname + url.search);
      const { status, body } = handler(url);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const granted = (latitude: number, longitude: number) => ({
  getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition),
});
const denied = {
  getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
    fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
};
const quiet = () => {};

afterEach(() => vi.unstubAllGlobals());

describe('locateUser (SPEC §4, §8)', () => {
  it('reverse geocodes the browser position through our API', async () => {
    const calls = fakeFetch(() => ({
      status: 200,
      body: {
        latitude: 30.27,
        longitude: -97.74,
        city: 'Austin',
        stateCode: 'TX',
        countryCode: 'US',
        postalCode: '78701',
      },
    }));
    const located = await locateUser({ geolocation: granted(30.267153, -97.743061), log: quiet });
    expect(calls).toEqual(['/api/events/user-location/reverse?latitude=30.2672&longitude=-97.7431']);
    expect(located).toEqual({
      latitude: 30.267153,
      longitude: -97.743061,
      city: 'Austin',
      stateCode: 'TX',
      countryCode: 'US',
      postalCode: '78701',
    });
  });

  it('falls back to the IP lookup when geolocation is denied', async () => {
    const calls = fakeFetch((url) =>
      url.hostname === 'ip.example'
        ? { status: 200, body: { lat: 51.5072, lon: -0.1276, city: 'London', countryCode: 'GB', zip: 'EC1' } }
        : { status: 500 },
    );
    const located = await locateUser({ geolocation: denied, ipGeolocationUrl: 'http://ip.example/json', log: quiet });
    expect(calls).toEqual(['/json']);
    expect(located).toMatchObject({ latitude: 51.5072, longitude: -0.1276, city: 'London', countryCode: 'GB' });
  });

  it('falls back to the IP lookup when the reverse geocode fails', async () => {
    fakeFetch((url) =>
      url.hostname === 'ip.example'
        ? {
            status: 200,
            body: { latitude: '40.71', longitude: '-74.0', city: 'New York', region_code: 'NY', country_code: 'us' },
          }
        : { status: 404, body: { error: { code: 'not_found', message: 'no place' } } },
    );
    const located = await locateUser({
      geolocation: granted(40.7, -74),
      ipGeolocationUrl: 'http://ip.example/',
      log: quiet,
    });
    expect(located).toMatchObject({ city: 'New York', stateCode: 'NY', countryCode: 'US' });
  });

  it('is null when everything fails or no IP service is configured', async () => {
    fakeFetch(() => ({ status: 503 }));
    expect(await locateUser({ geolocation: denied, log: quiet })).toBeNull();
    expect(await locateUser({ geolocation: undefined, ipGeolocationUrl: 'http://ip.example/', log: quiet })).toBeNull();
  });
});

describe('typed city lookup', () => {
  it('asks GET /events/user-location?city=', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { latitude: 39.74, longitude: -104.99, city: 'Denver' } }));
    expect(await lookupCity('Denver')).toMatchObject({ city: 'Denver', latitude: 39.74 });
    expect(calls).toEqual(['/api/events/user-location?city=Denver']);
  });

  it('is null for an unknown city', async () => {
    fakeFetch(() => ({ status: 404, body: { error: { code: 'not_found', message: 'Unknown city' } } }));
    expect(await lookupCity('Atlantis')).toBeNull();
  });
});

it('reads the reverse-geocoding address shape', () => {
  expect(
    toUserLocation({
      lat: '48.85',
      lon: '2.35',
      address: { village: 'Lutetia', state: 'IDF', country_code: 'fr', postcode: '75001' },
    }),
  ).toEqual({
    latitude: 48.85,
    longitude: 2.35,
    city: 'Lutetia',
    stateCode: 'IDF',
    countryCode: 'FR',
    postalCode: '75001',
  });
  expect(toUserLocation({ city: 'Nowhere' })).toBeNull();
});
