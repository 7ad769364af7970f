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
});
