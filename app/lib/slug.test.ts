import { describe, expect, it } from 'vitest';
import { artistPath, eventPath, slugify } from './slug';

describe('slugify (SPEC §2)', () => {
  it.each([
    ['Taylor Swift', 'taylor-swift'],
    ['AC/DC', 'ac-dc'],
    ["Guns N' Roses", 'guns-n-roses'],
    ['  Los   Angeles   Lakers ', '-los-angeles-lakers-'],
    ['Beyoncé', 'beyoncé'],
    ['Hamilton (Touring)', 'hamilton-touring-'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('paths', () => {
  it('builds the artist and event routes', () => {
    expect(artistPath({ id: 'K8vZ917G', name: 'Taylor Swift' })).toBe('/taylor-swift-tickets/artist/K8vZ917G');
    expect(eventPath({ id: 'vvG1', name: 'Eras Tour: Night 2' })).toBe('/events/eras-tour-night-2/vvG1');
  });

  it('percent-encodes names in other scripts as UTF-8, so redirects to them stay valid URLs', () => {
    expect(eventPath({ id: 'Ze8pj', name: 'Montréal Cobras' })).toBe('/events/montr%C3%A9al-cobras/Ze8pj');
    expect(artistPath({ id: 'Za15s', name: 'Montréal Cobras' })).toBe('/montr%C3%A9al-cobras-tickets/artist/Za15s');
    expect(decodeURIComponent(eventPath({ id: '1', name: 'Beyoncé' }))).toBe('/events/beyoncé/1');
  });
});
