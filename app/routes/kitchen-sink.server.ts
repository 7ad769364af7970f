import type { DiscoveryAttraction, DiscoveryEvent } from '~/lib/discovery';
import { defaultFilters } from '~/lib/filters';
import { ticketCategoryLinks } from '~/lib/page-links';
import { statusView, toAttractionCard, toEventCard } from '~/lib/views';

const art = (slug: string, theme = 'music') =>
  (
    [
      ['16_9', 640, 360],
      ['16_9', 1024, 576],
      ['4_3', 640, 480],
      ['3_2', 640, 427],
    ] as const
  ).map(([ratio, width, height]) => ({
    ratio,
    width,
    height,
    url: `/api/images/v1/${theme}/${slug}/${ratio}_${width}.svg`,
  }));

const venue = {
  name: 'Moody Center',
  city: { name: 'Austin' },
  state: { stateCode: 'TX' },
  country: { name: 'United States Of America' },
};

const event = (id: string, name: string, extra: Partial<DiscoveryEvent>): DiscoveryEvent => ({
  id,
  name,
  images: art(name.toLowerCase().replace(/[^a-z0-9]+/g, '-')),
  dates: { start: { localDate: '2031-06-14', localTime: '20:00:00' }, status: { code: 'onsale' } },
  classifications: [{ segment: { name: 'Music' }, genre: { name: 'Rock' }, subGenre: { name: 'Indie Rock' } }],
  priceRanges: [{ type: 'standard', currency: 'USD', min: 45, max: 189.5 }],
  ticketPrice: { category: 'cheapest', amount: 45, currency: 'USD', estimate: false },
  _embedded: { venues: [venue] },
  ...extra,
});

/** Sample data for the kitchen sink: every state the shared components have. */
export function kitchenSinkData() {
  const statuses = ['onsale', 'offsale', 'cancelled', 'postponed', 'rescheduled'];
  const events = [
    event('ks1', 'The Velvet Owls', {}),
    event('ks2', 'Harbor Lights: Songs for the Long Night Tour with Very Special Guests', {
      dates: { start: { localDate: '2031-07-02' }, status: { code: 'postponed' } },
      ticketPrice: { category: 'great_view', amount: 98.4, currency: 'USD', estimate: true },
    }),
    event('ks3', 'Date to be announced', {
      dates: { start: {}, status: { code: 'offsale' } },
      images: [],
      priceRanges: [],
      ticketPrice: null,
    }),
  ];
  const attractions: DiscoveryAttraction[] = [
    {
      id: 'ka1',
      name: 'The Velvet Owls',
      images: art('the-velvet-owls'),
      classifications: [{ genre: { name: 'Rock' } }],
      upcomingEvents: { _total: 14 },
    },
    { id: 'ka2', name: 'Nameless Newcomer', images: [], classifications: [], upcomingEvents: { _total: 0 } },
  ];
  return {
    statuses: statuses.map((code) => statusView(code)!),
    events: events.map(toEventCard),
    artists: attractions.map(toAttractionCard),
    filters: defaultFilters(),
    categories: ticketCategoryLinks('/kitchen-sink', defaultFilters()),
  };
}
