import { describe, expect, it } from 'vitest';
import { findCity, geoPoint, largestCities, nearestCity, postalCodeNear, toUserLocation } from './places.ts';
import { timezoneFor } from './regions.ts';

describe('findCity', () => {
  it('finds Chicago with its state, country, a Chicago ZIP code and a four-decimal geoPoint', () => {
    const place = findCity('Chicago');
    expect(place).toMatchObject({ city: 'Chicago', stateCode: 'IL', stateName: 'Illinois', countryCode: 'US' });
    const location = toUserLocation(place!);
    expect(location.postalCode).toMatch(/^606\d\d$/);
    expect(location.geoPoint).toMatch(/^41\.\d{4}:-87\.\d{4}$/);
    expect(location.latitude).toBeCloseTo(41.85, 1);
    expect(location.longitude).toBeCloseTo(-87.65, 1);
  });

  it('ignores case and accents, and knows common other names', () => {
    expect(findCity('  chicago ')?.city).toBe('Chicago');
    expect(findCity('München')?.city).toBe('Munich');
    expect(findCity('Montreal')).toMatchObject({ countryCode: 'CA', stateCode: 'QC' });
    expect(findCity('NYC')).toMatchObject({ city: 'New York', stateCode: 'NY' });
    expect(findCity('New York')).toMatchObject({ city: 'New York', stateCode: 'NY' });
  });

  it('prefers the most populous same-named city unless a state or country follows', () => {
    expect(findCity('Portland')).toMatchObject({ stateCode: 'OR' });
    expect(findCity('Portland, ME')).toMatchObject({ stateCode: 'ME' });
    expect(findCity('Portland Maine')).toMatchObject({ stateCode: 'ME' });
    expect(findCity('Paris')).toMatchObject({ countryCode: 'FR' });
    expect(findCity('Paris, TX')).toMatchObject({ countryCode: 'US', stateCode: 'TX' });
    expect(findCity('London, ON')).toMatchObject({ countryCode: 'CA', stateCode: 'ON' });
    expect(findCity('Washington, D.C.')).toMatchObject({ city: 'Washington', stateCode: 'DC' });
  });

  it('falls back to the largest city starting with the text', () => {
    expect(findCity('San Fran')?.city).toBe('San Francisco');
  });

  it('finds nothing for unknown names, qualifiers that do not fit, or cities outside the SPEC countries', () => {
    expect(findCity('Xyzzyville')).toBeUndefined();
    expect(findCity('Chicago, FR')).toBeUndefined();
    expect(findCity('São Paulo')).toBeUndefined();
    expect(findCity('  ')).toBeUndefined();
  });
});

describe('nearestCity', () => {
  it('resolves Chicago coordinates to Chicago and a Manhattan point to New York', () => {
    expect(nearestCity(41.8781, -87.6298)).toMatchObject({ city: 'Chicago', stateCode: 'IL', countryCode: 'US' });
    expect(nearestCity(40.758, -73.9855)).toMatchObject({ city: 'New York', stateCode: 'NY' });
    expect(nearestCity(51.5072, -0.1276)).toMatchObject({ city: 'London', countryCode: 'GB' });
    expect(nearestCity(35.6812, 139.7671)).toMatchObject({ city: 'Tokyo', countryCode: 'JP' });
  });

  it('keeps a suburb a suburb', () => {
    expect(nearestCity(42.0451, -87.6877)?.city).toBe('Evanston');
  });

  it('finds nothing in the open sea or outside the SPEC countries', () => {
    expect(nearestCity(0, 0)).toBeUndefined();
    expect(nearestCity(-23.55, -46.63)).toBeUndefined();
  });
});

describe('place helpers', () => {
  it('formats geoPoint with four decimals (SPEC §3)', () => {
    expect(geoPoint(41.85003, -87.65005)).toBe('41.8500:-87.6500');
    expect(geoPoint(-33.86785, 151.20732)).toBe('-33.8678:151.2073');
  });

  it('gives Canadian cities a postal district and other countries none', () => {
    const toronto = findCity('Toronto')!;
    expect(postalCodeNear(toronto, toronto.latitude, toronto.longitude)).toMatch(/^M\d[A-Z]$/);
    const paris = findCity('Paris')!;
    expect(postalCodeNear(paris, paris.latitude, paris.longitude)).toBeNull();
  });

  it('knows the time zone of a city, including states split between zones', () => {
    expect(findCity('Denver')?.timezone).toBe('America/Denver');
    expect(findCity('El Paso')?.timezone).toBe('America/Denver');
    expect(findCity('Nashville')?.timezone).toBe('America/Chicago');
    expect(findCity('Knoxville')?.timezone).toBe('America/New_York');
    expect(findCity('Perth')?.timezone).toBe('Australia/Perth');
    expect(timezoneFor('ES', null, 28.1, -15.4)).toBe('Atlantic/Canary');
  });

  it('lists the largest cities of a country without boroughs counted twice', () => {
    const cities = largestCities('US', 8).map((p) => p.city);
    expect(cities.slice(0, 3)).toEqual(['New York', 'Los Angeles', 'Chicago']);
    expect(cities).not.toContain('Queens');
    expect(cities).not.toContain('Manhattan');
  });
});
