import { VENDORS, type Vendor } from '#contracts/enum-values';

/**
 * Where a fan can buy. When the source published the seller's own page for the event
 * (Ticketmaster's `url`), that is the way to buy. Otherwise the event page offers links that
 * search the event at each seller SPEC §3 names, on the seller's public site search: they are
 * plain outbound links (ADR 0024), never fetched by us.
 */
export type SellerLink = { seller: Vendor; href: string };

type Wanted = { name: string; localDate?: string | null; city?: string | null };

const SEARCH: Record<Vendor, (keyword: string, day: string | undefined) => string> = {
  Ticketmaster: (keyword, day) =>
    `https://www.ticketmaster.com/search?${new URLSearchParams({ q: keyword, ...(day ? { startDate: day, endDate: day } : {}) })}`,
  StubHub: (keyword) => `https://www.stubhub.com/search?${new URLSearchParams({ q: keyword })}`,
  SeatGeek: (keyword) => `https://seatgeek.com/search?${new URLSearchParams({ search: keyword })}`,
  TickPick: (keyword) => `https://www.tickpick.com/search?${new URLSearchParams({ q: keyword })}`,
};

/** The event's name and city as the sellers' search boxes take them; the day where a search filters by it. */
export function sellerSearchLinks(event: Wanted): SellerLink[] {
  const keyword = [event.name, event.city].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  const day = event.localDate && /^\d{4}-\d{2}-\d{2}$/.test(event.localDate) ? event.localDate : undefined;
  return VENDORS.map((seller) => ({ seller, href: SEARCH[seller](keyword, day) }));
}

/**
 * Whether tickets can still be bought: not cancelled, not off sale, and not over. The day
 * before yesterday (UTC) is over everywhere on Earth; yesterday may still be tonight somewhere.
 */
export function canBuy(
  status: string | null | undefined,
  localDate: string | null | undefined,
  now = new Date(),
): boolean {
  if (status === 'cancelled' || status === 'offsale') return false;
  if (!localDate) return true;
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return localDate >= yesterday;
}
