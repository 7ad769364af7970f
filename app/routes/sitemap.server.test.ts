import { expect, it } from 'vitest';
import { partNames, SITEMAP_LIMIT, sitemapIndex, urlset } from './sitemap.server';

it('a catalogue above 50,000 URLs becomes an index of 50,000-URL parts', () => {
  expect(SITEMAP_LIMIT).toBe(50_000);
  expect(partNames({ artists: 12_000, events: 120_001 })).toEqual([
    'static-0',
    'artists-0',
    'events-0',
    'events-1',
    'events-2',
  ]);
  const index = sitemapIndex('https://encore.example', ['static-0', 'events-0'], '2026-11-21');
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(index).toContain(
    '<sitemap><loc>https://encore.example/sitemap/events-0.xml</loc><lastmod>2026-11-21</lastmod></sitemap>',
  );
});

it('URLs are percent-encoded and XML-escaped', () => {
  const xml = urlset('https://encore.example', [{ path: '/beyoncé-tickets/artist/a&b', lastmod: '2026-11-20' }]);
  expect(xml).toContain(
    '<loc>https://encore.example/beyonc%C3%A9-tickets/artist/a&amp;b</loc><lastmod>2026-11-20</lastmod>',
  );
});
