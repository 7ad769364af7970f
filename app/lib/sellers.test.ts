import { describe, expect, it } from 'vitest';
import { canBuy, sellerSearchLinks } from './sellers';

describe('seller search links', () => {
  it('search every seller for the event by name and city, and Ticketmaster on its day', () => {
    const links = sellerSearchLinks({
      name: 'Montréal Cobras vs. Dallas Surge',
      localDate: '2027-01-09',
      city: 'Montréal',
    });
    expect(links.map((l) => l.seller)).toEqual(['Ticketmaster', 'StubHub', 'SeatGeek', 'TickPick']);
    for (const link of links) {
      const url = new URL(link.href);
      expect(url.protocol).toBe('https:');
      expect([...url.searchParams.values()].join(' ')).toContain('Montréal Cobras vs. Dallas Surge Montréal');
    }
    const ticketmaster = new URL(links[0]!.href);
    expect(ticketmaster.searchParams.get('startDate')).toBe('2027-01-09');
    expect(ticketmaster.searchParams.get('endDate')).toBe('2027-01-09');
  });

  it('leave out what is unknown', () => {
    const [ticketmaster] = sellerSearchLinks({ name: 'Mystery  Show', localDate: null, city: null });
    const url = new URL(ticketmaster!.href);
    expect(url.searchParams.get('q')).toBe('Mystery Show');
    expect(url.searchParams.has('startDate')).toBe(false);
  });
});

describe('canBuy', () => {
  const now = new Date('2026-11-23T20:00:00Z');
  it('is false for cancelled, off-sale and past shows', () => {
    expect(canBuy('cancelled', '2026-12-01', now)).toBe(false);
    expect(canBuy('offsale', '2026-12-01', now)).toBe(false);
    expect(canBuy('onsale', '2026-11-21', now)).toBe(false);
  });
  it('is true for upcoming shows, tonight anywhere, and undated ones', () => {
    expect(canBuy('onsale', '2026-12-01', now)).toBe(true);
    expect(canBuy('onsale', '2026-11-22', now)).toBe(true);
    expect(canBuy('postponed', null, now)).toBe(true);
    expect(canBuy('rescheduled', '2027-02-01', now)).toBe(true);
  });
});
