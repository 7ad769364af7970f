import { expect, test } from '@playwright/test';
import { artistUrl, datedEvent, eventUrl, eventWithStatus, open } from './discovery-fixtures';

/** SPEC §2 event page /events/{event}/{id}, §4 statuses. */

test('shows the event, its date, venue, status, prices, other dates and a link to buy', async ({ page, request }) => {
  const event = await datedEvent(request);
  const response = await open(page, eventUrl(event));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.name);
  await expect(page.getByText(event._embedded.venues[0]!.name).first()).toBeVisible();
  await expect(page.locator('main [data-status]').first()).toBeVisible();
  await expect(page.getByRole('img', { name: event.name })).toBeVisible();
  const tickets = page.getByRole('complementary', { name: 'Tickets' });
  // SPEC §2: USD with 2 decimals, for the chosen ticket category.
  await expect(tickets.getByText(/^USD \d[\d,]*\.\d\d$/)).toBeVisible();
  await expect(tickets.getByText(/^Cheapest seats from/)).toBeVisible();
  await tickets.getByRole('link', { name: 'Great view' }).click();
  await expect(page).toHaveURL(/ticketCategory=great_view/);
  await expect(tickets.getByText(/^Great view seats from/)).toBeVisible();
  const headliner = event._embedded.attractions[0]!;
  await expect(page.getByRole('heading', { name: `More dates for ${headliner.name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /^All \d+ dates?$/ })).toHaveAttribute('href', artistUrl(headliner));
  if (['cancelled', 'offsale'].includes(event.dates.status.code)) {
    await expect(tickets.getByText(/cancelled|not on sale/)).toBeVisible();
  } else if (event.url) {
    const buy = tickets.getByRole('link', { name: /Buy tickets/ });
    await expect(buy).toHaveAttribute('href', event.url);
    await expect(buy).toHaveAttribute('target', '_blank');
  } else {
    // No seller page published: a search for this event at each seller SPEC names.
    for (const seller of ['Ticketmaster', 'StubHub', 'SeatGeek', 'TickPick']) {
      const link = tickets.getByRole('link', { name: `Search ${seller} for this event (opens in a new tab)` });
      await expect(link).toHaveAttribute('target', '_blank');
      const href = new URL((await link.getAttribute('href'))!);
      expect([...href.searchParams.values()].join(' ')).toContain(event.name);
    }
  }
});

test('cancelled shows offer no way to buy, and lists offer no "See tickets" for them', async ({ page, request }) => {
  const event = await eventWithStatus(request, 'cancelled');
  await open(page, eventUrl(event));
  const tickets = page.getByRole('complementary', { name: 'Tickets' });
  await expect(tickets.getByText('This event is cancelled')).toBeVisible();
  await expect(tickets.getByRole('link', { name: /Buy tickets|Search .* for this event/ })).toHaveCount(0);
  await expect(page.getByTestId('sticky-buy-bar')).toHaveCount(0);
});

test('a link with an ASCII slug to a non-ASCII name lands on the page, its URL in UTF-8', async ({ page, request }) => {
  const response = await request.get('/api/events/search', { params: { keyword: 'montréal', size: '5' } });
  const event = ((await response.json())._embedded.events as Array<{ id: string; name: string }>).find((e) =>
    /é/.test(e.name),
  );
  expect(event, 'an event with an accented name').toBeDefined();
  const ascii = event!.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const landed = await page.goto(`/events/${ascii}/${event!.id}`);
  expect(landed?.status()).toBe(200);
  expect(page.url()).toContain('%C3%A9');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event!.name);
});

for (const [code, label, tone] of [
  ['onsale', 'On Sale', 'positive'],
  ['offsale', 'Off Sale', 'negative'],
  ['cancelled', 'Cancelled', 'negative'],
  ['postponed', 'Postponed', 'warning'],
] as const) {
  test(`status ${code} shows the '${label}' badge (${tone})`, async ({ page, request }) => {
    const event = await eventWithStatus(request, code);
    await open(page, eventUrl(event));
    const badge = page.locator(`main [data-status="${code}"]`).first();
    await expect(badge).toHaveText(label);
    await expect(badge).toHaveAttribute('data-tone', tone);
  });
}

test('the page carries schema.org Event data and a canonical link', async ({ page, request }) => {
  const event = await datedEvent(request);
  await open(page, eventUrl(event));
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(json['@context']).toBe('https://schema.org');
  expect(['Event', 'MusicEvent']).toContain(json['@type']);
  expect(json.name).toBe(event.name);
  expect(json.location.name).toBe(event._embedded.venues[0]!.name);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL(eventUrl(event), page.url()).href,
  );
});

test("an unknown id is 'Page Not Found: {path}' (404); another slug moves to the canonical one (301)", async ({
  page,
  request,
}) => {
  const response = await page.goto('/events/nothing-here/no-such-id');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /events/nothing-here/no-such-id')).toBeVisible();
  const event = await datedEvent(request);
  const moved = await request.get(`/events/renamed/${event.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(eventUrl(event));
});
