import type { CountryCode } from '#contracts/enums';

/**
 * The SPEC §3 countries' names as Discovery writes them, their states and provinces, and
 * each place's IANA time zone: the tables places.ts names cities with.
 */

/** Country names as the Discovery API writes them in `_embedded.venues[].country.name`. */
export const COUNTRY_NAMES: Record<CountryCode, string> = {
  US: 'United States Of America',
  AD: 'Andorra',
  AI: 'Anguilla',
  AR: 'Argentina',
  AU: 'Australia',
  AT: 'Austria',
  GB: 'Great Britain',
  DE: 'Germany',
  FR: 'France',
  ES: 'Spain',
  IT: 'Italy',
  JP: 'Japan',
  CA: 'Canada',
};

// GeoNames admin1 codes → the codes people use, for the countries where Discovery has states.
export const CANADA_PROVINCES: Record<string, [string, string, string]> = {
  '01': ['AB', 'Alberta', 'America/Edmonton'],
  '02': ['BC', 'British Columbia', 'America/Vancouver'],
  '03': ['MB', 'Manitoba', 'America/Winnipeg'],
  '04': ['NB', 'New Brunswick', 'America/Moncton'],
  '05': ['NL', 'Newfoundland and Labrador', 'America/St_Johns'],
  '07': ['NS', 'Nova Scotia', 'America/Halifax'],
  '08': ['ON', 'Ontario', 'America/Toronto'],
  '09': ['PE', 'Prince Edward Island', 'America/Halifax'],
  '10': ['QC', 'Quebec', 'America/Toronto'],
  '11': ['SK', 'Saskatchewan', 'America/Regina'],
  '12': ['YT', 'Yukon', 'America/Whitehorse'],
  '13': ['NT', 'Northwest Territories', 'America/Yellowknife'],
  '14': ['NU', 'Nunavut', 'America/Iqaluit'],
};
export const AUSTRALIA_STATES: Record<string, [string, string, string]> = {
  '01': ['ACT', 'Australian Capital Territory', 'Australia/Sydney'],
  '02': ['NSW', 'New South Wales', 'Australia/Sydney'],
  '03': ['NT', 'Northern Territory', 'Australia/Darwin'],
  '04': ['QLD', 'Queensland', 'Australia/Brisbane'],
  '05': ['SA', 'South Australia', 'Australia/Adelaide'],
  '06': ['TAS', 'Tasmania', 'Australia/Hobart'],
  '07': ['VIC', 'Victoria', 'Australia/Melbourne'],
  '08': ['WA', 'Western Australia', 'Australia/Perth'],
};
const SINGLE_ZONE: Partial<Record<CountryCode, string>> = {
  AD: 'Europe/Andorra',
  AI: 'America/Anguilla',
  AR: 'America/Argentina/Buenos_Aires',
  AT: 'Europe/Vienna',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  JP: 'Asia/Tokyo',
};
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};
const US_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    'CT DE DC FL GA ME MD MA NH NJ NY NC OH PA RI SC VT VA WV'.split(' ').map((s) => [s, 'America/New_York']),
  ),
  MI: 'America/Detroit',
  IN: 'America/Indiana/Indianapolis',
  KY: 'America/New_York',
  ...Object.fromEntries(
    'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' ').map((s) => [s, 'America/Chicago']),
  ),
  ...Object.fromEntries('CO MT NM UT WY'.split(' ').map((s) => [s, 'America/Denver'])),
  ID: 'America/Boise',
  AZ: 'America/Phoenix',
  ...Object.fromEntries('CA NV OR WA'.split(' ').map((s) => [s, 'America/Los_Angeles'])),
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
};

/**
 * The IANA zone of a place. US states that span two zones are split on the usual meridians,
 * which is right for every city large enough to host a venue.
 */
export function timezoneFor(countryCode: CountryCode, stateCode: string | null, latitude: number, longitude: number) {
  switch (countryCode) {
    case 'US': {
      if (stateCode === 'FL' && longitude < -85.0) return 'America/Chicago';
      if (stateCode === 'TN' && longitude > -85.3) return 'America/New_York';
      if (stateCode === 'KY' && longitude < -86.0) return 'America/Chicago';
      if (stateCode === 'IN' && longitude < -86.8 && (latitude > 41 || latitude < 38.4)) return 'America/Chicago';
      if (stateCode === 'MI' && longitude < -87.6) return 'America/Chicago';
      if (stateCode === 'TX' && longitude < -104.9) return 'America/Denver';
      if ((stateCode === 'NE' || stateCode === 'KS') && longitude < -101.3) return 'America/Denver';
      if ((stateCode === 'SD' || stateCode === 'ND') && longitude < -100.7) return 'America/Denver';
      if (stateCode === 'ID' && latitude > 45.6) return 'America/Los_Angeles';
      return US_ZONES[stateCode ?? ''] ?? 'America/New_York';
    }
    case 'CA':
      return Object.values(CANADA_PROVINCES).find(([code]) => code === stateCode)?.[2] ?? 'America/Toronto';
    case 'AU':
      return Object.values(AUSTRALIA_STATES).find(([code]) => code === stateCode)?.[2] ?? 'Australia/Sydney';
    case 'ES':
      return longitude < -12 ? 'Atlantic/Canary' : 'Europe/Madrid';
    default:
      return SINGLE_ZONE[countryCode] ?? 'UTC';
  }
}
