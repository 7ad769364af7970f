import { expect, type Page, test } from '@playwright/test';
import { artistUrl, busyArtist, datedEvent, eventUrl, open } from './discovery-fixtures';

/** Titles, descriptions, canonical links and Open Graph tags of the discovery pages. */

async function head(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content') ?? '',
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '',
    ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? '',
  }));
}

test('home page', async ({ page }) => {
  await open(page, '/');
  const tags = await head(page);
  expect(tags.title).toContain('Encore');
  expect(tags.description.length).toBeGreaterThan(50);
  expect(tags.canonical).toBe(new URL('/', page.url()).href);
  expect(tags.ogTitle).toBe(tags.title);
});

test('artist page', async ({ page, request }) => {
  const artist = await busyArtist(request);
  await open(page, `${artistUrl(artist)}?page=1`);
  const tags = await head(page);
  expect(tags.title).toContain(artist.name);
  expect(tags.description.length).toBeGreaterThan(40);
  // The canonical address drops the page's filters.
  expect(tags.canonical).toBe(new URL(artistUrl(artist), page.url()).href);
  expect(tags.ogUrl).toBe(tags.canonical);
  expect(tags.ogImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/images\//);
});

test('event page', async ({ page, request }) => {
  const event = await datedEvent(request);
  await open(page, `${eventUrl(event)}?ticketCategory=front_row`);
  const tags = await head(page);
  expect(tags.title).toContain(event.name);
  expect(tags.description).toContain(event.name);
  expect(tags.canonical).toBe(new URL(eventUrl(event), page.url()).href);
  expect(tags.ogType).toBe('event');
  expect(tags.ogImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/images\//);
});

test('search result pages are not indexed but their links are followed', async ({ page }) => {
  await open(page, '/search?keyword=rock');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  expect((await head(page)).title).toContain('rock');
});
