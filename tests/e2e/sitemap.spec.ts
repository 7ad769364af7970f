import { expect, test } from '@playwright/test';
import { artistUrl, busyArtist, datedEvent, eventUrl } from './discovery-fixtures';

/** /sitemap.xml per sitemaps.org: every artist and event page and the static pages. */

test('lists the static pages and every artist and event page with absolute URLs', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  if (xml.includes('<sitemapindex')) {
    // A catalogue above 50,000 URLs: an index whose parts each hold at most 50,000.
    for (const part of urls) {
      const partXml = await (await request.get(new URL(part).pathname)).text();
      expect(partXml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect([...partXml.matchAll(/<url>/g)].length).toBeLessThanOrEqual(50_000);
    }
    return;
  }
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(urls.length).toBeLessThanOrEqual(50_000);
  for (const path of ['/', '/search', '/about-us', '/privacy-policy', '/terms-of-service', '/cookie-settings']) {
    expect(urls).toContain(new URL(path, baseURL).href);
  }
  expect(urls).toContain(new URL(artistUrl(await busyArtist(request)), baseURL).href);
  expect(urls).toContain(new URL(eventUrl(await datedEvent(request)), baseURL).href);
  expect(urls.every((url) => url.startsWith(`${baseURL}/`))).toBe(true);
  // Every URL listed is a page that answers 200.
  for (const url of urls.slice(0, 3).concat(urls.slice(-3))) {
    expect((await request.get(new URL(url).pathname)).status(), url).toBe(200);
  }
});

test('an unknown sitemap part is a 404', async ({ request }) => {
  expect((await request.get('/sitemap/events-9999.xml')).status()).toBe(404);
  expect((await request.get('/sitemap/nonsense.xml')).status()).toBe(404);
});
