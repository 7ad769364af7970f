import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, EVENT_STATUS_CODES } from '#contracts/enums';
import { DemoCatalogue, type DemoEvent, zonedToUtc } from './generate.ts';
import { classificationRows } from './taxonomy.ts';

const now = new Date('2026-03-01T12:00:00Z');

function digest(catalogue: DemoCatalogue): string {
  const hash = createHash('sha256');
  for (const v of catalogue.venues) hash.update(JSON.stringify([v.id, v.name, v.address, v.latitude, v.longitude]));
  for (const a of catalogue.attractions) hash.update(JSON.stringify([a.id, a.name, a.popularity, a.description]));
  for (const e of catalogue.events()) {
    hash.update(JSON.stringify([e.id, e.name, e.localDate, e.localTime, e.statusCode, e.venue.id, e.priceRanges]));
  }
  return hash.digest('hex');
}

describe('DemoCatalogue determinism', () => {
  it('gives the same catalogue for the same seed and another for another seed', () => {
    const a = digest(new DemoCatalogue({ events: 1500, seed: 7, now }));
    const b = digest(new DemoCatalogue({ events: 1500, seed: 7, now }));
    const c = digest(new DemoCatalogue({ events: 1500, seed: 8, now }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('gives, for a seed, size and instant, the catalogue pinned here', () => {
    // Every field of every venue, act and event: a change here changes every demo database.
    const catalogue = new DemoCatalogue({ events: 1500, seed: 7, now });
    const hash = createHash('sha256');
    for (const v of catalogue.venues) hash.update(JSON.stringify(v));
    for (const a of catalogue.attractions) hash.update(JSON.stringify({ ...a, homeVenue: a.homeVenue?.id ?? null }));
    for (const e of catalogue.events()) {
      hash.update(JSON.stringify({ ...e, venue: e.venue.id, attractions: e.attractions.map((x) => x.id) }));
    }
    expect([catalogue.venues.length, catalogue.attractions.length]).toEqual([79, 411]);
    expect(hash.digest('hex')).toBe('2fad48e174888815e1f61fb534ac023209ec19a50f57c84f15755e0852814615');
  });
});

describe('a generated catalogue', () => {
  const catalogue = new DemoCatalogue({ events: 6000, seed: 42, now });
  const events: DemoEvent[] = [...catalogue.events()];
  const share = (test: (e: DemoEvent) => boolean) => events.filter(test).length / events.length;

  it('has exactly the requested number of events, with unique short ids', () => {
    expect(events).toHaveLength(6000);
    expect(new Set(events.map((e) => e.id)).size).toBe(6000);
    expect(events[0]?.id).toBe('Ze1');
    expect(catalogue.attractions[0]?.id).toBe('Za1');
    expect(catalogue.venues[0]?.id).toBe('Zv1');
  });

  it('takes place mostly in the US and otherwise only in SPEC countries', () => {
    expect(share((e) => e.venue.place.countryCode === 'US')).toBeGreaterThan(0.72);
    expect(share((e) => e.venue.place.countryCode === 'US')).toBeLessThan(0.9);
    const countries = new Set(events.map((e) => e.venue.place.countryCode));
    for (const c of countries) expect(COUNTRY_CODES).toContain(c);
    expect(countries.size).toBeGreaterThanOrEqual(6);
  });

  it('spreads events over every segment', () => {
    const segments = new Set(events.map((e) => e.segment));
    expect([...segments].sort()).toEqual(['arts', 'film', 'misc', 'music', 'sports']);
    expect(share((e) => e.segment === 'music')).toBeGreaterThan(0.4);
  });

  it('has every status, mostly on sale', () => {
    const statuses = new Set(events.map((e) => e.statusCode));
    expect([...statuses].sort()).toEqual([...EVENT_STATUS_CODES].sort());
    expect(share((e) => e.statusCode === 'onsale')).toBeGreaterThan(0.78);
    expect(share((e) => e.statusCode === 'onsale')).toBeLessThan(0.92);
  });

  it('has past events, events in the coming year, and dates or times TBA', () => {
    const past = share((e) => e.startsAt !== null && e.startsAt < now);
    expect(past).toBeGreaterThan(0.02);
    expect(past).toBeLessThan(0.12);
    const yearAhead = now.getTime() + 366 * 86_400_000;
    expect(events.every((e) => !e.startsAt || e.startsAt.getTime() < yearAhead + 86_400_000 * 20)).toBe(true);
    const dateTba = events.filter((e) => e.localDate === null);
    expect(dateTba.length).toBeGreaterThan(0);
    expect(dateTba.every((e) => e.localTime === null && e.startsAt === null)).toBe(true);
    expect(events.some((e) => e.localDate !== null && e.localTime === null)).toBe(true);
  });

  it('publishes prices for most events, in USD, some with only a minimum', () => {
    const priced = share((e) => e.priceRanges.length > 0);
    expect(priced).toBeGreaterThan(0.84);
    expect(priced).toBeLessThan(0.96);
    for (const e of events.filter((x) => x.priceRanges.length > 0)) {
      expect(e.currency).toBe('USD');
      expect(e.priceMin).toBeGreaterThan(0);
      if (e.priceMax !== null) expect(e.priceMax).toBeGreaterThan(e.priceMin!);
    }
    expect(events.some((e) => e.priceRanges.length === 1 && e.priceRanges[0]?.max === undefined)).toBe(true);
  });

  it('starts events at the venue’s local time', () => {
    const chicago = events.find((e) => e.venue.place.timezone === 'America/Chicago' && e.localTime && e.localDate);
    expect(chicago).toBeDefined();
    const { localDate, localTime, startsAt } = chicago!;
    const hours = Number(localTime!.slice(0, 2));
    const utcHours = startsAt!.getUTCHours();
    expect([5, 6]).toContain((utcHours - hours + 24) % 24); // CDT or CST
    expect(zonedToUtc('2026-07-04', '20:00:00', 'America/New_York').toISOString()).toBe('2026-07-05T00:00:00.000Z');
    expect(zonedToUtc('2026-01-10', '19:30:00', 'Europe/London').toISOString()).toBe('2026-01-10T19:30:00.000Z');
    expect(localDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names acts plausibly: unique names, tours, matchups in the home team’s venue', () => {
    const names = catalogue.attractions.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.some((n) => /lorem|ipsum/i.test(n))).toBe(false);
    expect(events.some((e) => /^.+: .+ Tour/.test(e.name))).toBe(true);
    const game = events.find((e) => e.attractions[0]?.kind === 'team');
    expect(game?.name).toBe(`${game?.attractions[0]?.name} vs. ${game?.attractions[1]?.name}`);
    expect(game?.venue).toBe(game?.attractions[0]?.homeVenue);
    expect(game?.attractions[0]?.name.startsWith(game!.venue.place.city)).toBe(true);
    const festivals = events.filter((e) => / \d{4}$/.test(e.name) && e.localDate);
    expect(festivals.length).toBeGreaterThan(0);
    for (const f of festivals.filter((e) => e.attractions.length > 1)) {
      expect(f.localDate!.slice(0, 4) === f.name.slice(-4) || f.localDate! > `${f.name.slice(-4)}-12-25`).toBe(true);
    }
  });

  it('describes about 60 % of attractions and skews popularity towards a few stars', () => {
    const described = catalogue.attractions.filter((a) => a.description).length / catalogue.attractions.length;
    expect(described).toBeGreaterThan(0.5);
    expect(described).toBeLessThan(0.72);
    const perAttraction = new Map<string, number>();
    for (const e of events) for (const a of e.attractions) perAttraction.set(a.id, (perAttraction.get(a.id) ?? 0) + 1);
    const counts = [...perAttraction.values()].sort((a, b) => b - a);
    const median = counts[Math.floor(counts.length / 2)]!;
    expect(counts[0]!).toBeGreaterThan(median * 8);
    for (const a of catalogue.attractions) {
      expect(a.popularity).toBeGreaterThanOrEqual(0);
      expect(a.popularity).toBeLessThanOrEqual(100);
    }
  });

  it('places venues in their city with a postal code for US venues', () => {
    for (const v of catalogue.venues.filter((x) => x.place.countryCode === 'US').slice(0, 200)) {
      expect(v.postalCode).toMatch(/^\d{5}$/);
      expect(Math.abs(v.latitude - v.place.latitude)).toBeLessThan(0.2);
      expect(v.address).toMatch(/^\d+ \w/);
    }
  });
});

describe('classificationRows', () => {
  it('lists segments, genres and sub-genres with unique, Discovery-style ids', () => {
    const rows = classificationRows();
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows).toContainEqual({ id: 'KZFzniwnSyZfZ7v7nJ', level: 'segment', name: 'Music', parentId: null });
    expect(rows).toContainEqual({ id: 'KnvZfZ7vAeA', level: 'genre', name: 'Rock', parentId: 'KZFzniwnSyZfZ7v7nJ' });
    expect(rows).toContainEqual({
      id: 'KnvZfZ7vAde',
      level: 'genre',
      name: 'Basketball',
      parentId: 'KZFzniwnSyZfZ7v7nE',
    });
    for (const r of rows.filter((x) => x.level === 'subGenre'))
      expect(r.id).toMatch(/^KZazBEonSMnZfZ7vZ[0-9A-Za-z]{3}$/);
  });
});
