import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  daysFromNow,
  insertAttraction,
  insertClassifications,
  insertEvent,
  insertVenue,
} from '#server/catalogue/testing/fixtures';
import type { Database } from '#server/db/client';
import { testServices } from '#server/testing/services';
import { createTestDatabase } from '#server/testing/test-db';
import { artistPath, eventPath } from '../lib/slug.ts';

/**
 * The discovery pages rendered by React Router exactly as the server does (real loaders, a
 * real database, the HTML and the serialized data), through Vite's SSR module loader so no
 * prior build is needed.
 */
const XSS = '</script><script>alert(1)</script>';

let vite: ViteDevServer;
let handle: (request: Request) => Promise<Response>;
let database: Database;
let ids: { artist: string; event: string; plain: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await insertClassifications(db);
  const venue = await insertVenue(db, { name: `Hall ${XSS}`, city: 'Austin', stateCode: 'TX' });
  const artist = await insertAttraction(db, { name: XSS, description: `About ${XSS} & friends` });
  const event = await insertEvent(db, {
    name: `Live ${XSS}`,
    venue,
    attractionIds: [artist.id],
    info: `Info ${XSS}`,
    startsAt: daysFromNow(10),
  });
  const plain = await insertEvent(db, { name: 'Quiet Night', venue, startsAt: daysFromNow(12) });
  ids = { artist: artist.id, event: event.id, plain: plain.id };

  vite = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  // Absolute URLs come from the configured origin (PUBLIC_ORIGIN), the one requests use here.
  const services = testServices(database, { PUBLIC_ORIGIN: 'http://encore.test' });
  handle = (request) =>
    handler(
      request,
      Object.assign(new RouterContextProvider(), {
        services,
        sessionUser: null,
        nonce: 'test-nonce',
        requestId: 'test',
        inputProblem: null,
      }),
    );
}, 60_000);

afterAll(async () => {
  await vite?.close();
  await database?.close();
});

const get = (path: string) => handle(new Request(`http://encore.test${path}`));

describe('catalogue text is escaped everywhere', () => {
  it('artist page: a name with a closing script tag renders as text and stays data', async () => {
    const response = await get(artistPath({ id: ids.artist, name: XSS }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('event page: HTML, JSON-LD and serialized data never contain the raw tag', async () => {
    const listing = await get(eventPath({ id: ids.event, name: `Live ${XSS}` }));
    expect(listing.status).toBe(200);
    const html = await listing.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd).toBeDefined();
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'MusicEvent', name: `Live ${XSS}` });
  });
});

describe('page status codes (SPEC §2)', () => {
  it('an artist path without -tickets is a 404 naming the path', async () => {
    const response = await get(`/quiet-night/artist/${ids.artist}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(`Page Not Found: /quiet-night/artist/${ids.artist}`);
  });

  it('an unknown artist or event id is a 404', async () => {
    expect((await get('/nobody-tickets/artist/NOPE')).status).toBe(404);
    expect((await get('/events/nothing/NOPE')).status).toBe(404);
  });

  it('a known id under another slug moves permanently to the canonical one', async () => {
    const response = await get(`/events/old-name/${ids.plain}?ticketCategory=front_row`);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`/events/quiet-night/${ids.plain}?ticketCategory=front_row`);
  });
});

describe("a client navigation's data (ADR 0061: handlers read the page's URL, not the request's)", () => {
  it('names the page, never its .data address, in its links, its 404 and its redirects', async () => {
    const page = artistPath({ id: ids.artist, name: XSS });
    const data = await get(`${page}.data?ticketCategory=front_row&_routes=routes%2Fartist`);
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain(JSON.stringify(`${page}?ticketCategory=great_view`));
    expect(body).not.toContain('.data');
    expect(body).not.toContain('_routes');

    const missing = await get(`/quiet-night/artist/${ids.artist}.data`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`"Page Not Found: /quiet-night/artist/${ids.artist}"`);

    const moved = await get(`/events/old-name/${ids.plain}.data?ticketCategory=front_row`);
    expect(await moved.text()).toContain(`"/events/quiet-night/${ids.plain}?ticketCategory=front_row"`);
  });
});

describe('server-rendered discovery pages', () => {
  it('the home page shows upcoming events near the remembered place (cookie), on the first byte', async () => {
    const cookie = `encoreFilters=${encodeURIComponent('geoPoint=40.7505:-73.9934&near=Manhattan')}`;
    const response = await handle(new Request('http://encore.test/', { headers: { Cookie: cookie } }));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('Upcoming near Manhattan');
    expect(html).toContain('Quiet Night');
    // Its cards' data holds what a card shows, not a list row's fields (thumbnail, seat price).
    expect(html).not.toContain('thumb');
    expect(html).not.toContain('venueName');
  });

  it('the search page renders the filters of its URL', async () => {
    const response = await get('/search?keyword=quiet&sort=date%2Casc');
    const html = await response.text();
    expect(html).toContain('Results for “quiet”');
    expect(html).toContain('Quiet Night');
    expect(html).toContain('noindex, follow');
  });
});

describe('sitemap', () => {
  it('lists the static pages and every artist and event page', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers.get('Content-Type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>http://encore.test/about-us</loc>');
    expect(xml).toContain(`<loc>http://encore.test${eventPath({ id: ids.plain, name: 'Quiet Night' })}</loc>`);
    expect(xml).toContain(`<loc>http://encore.test${artistPath({ id: ids.artist, name: XSS })}</loc>`);
    expect(xml).not.toContain('<script>');
  });

  it('parts hold their slice; a part past the end is a 404', async () => {
    const part = await (await get('/sitemap/events-0.xml')).text();
    expect(part).toContain(eventPath({ id: ids.plain, name: 'Quiet Night' }));
    expect((await get('/sitemap/events-7.xml')).status).toBe(404);
    expect((await get('/sitemap/bogus.xml')).status).toBe(404);
  });
});
