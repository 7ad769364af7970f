import type { ReferralSource, Vendor } from '../../../contracts/enums';

/** SPEC §4: once the quiz is submitted this cookie (SameSite Strict) stops it showing again. */
export const QUIZ_COOKIE = 'encore_quiz_submitted';

export function quizSubmitted(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${QUIZ_COOKIE}=true`);
}

export function markQuizSubmitted() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${QUIZ_COOKIE}=true; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
}

export const REFERRAL_LABELS: Record<ReferralSource, string> = {
  friend: 'A friend',
  social_media: 'Social media',
  article: 'An article',
  search: 'A search engine',
  advertisement: 'An advertisement',
  event_website: 'An event website',
  other: 'Somewhere else',
};

export const VENDOR_LABELS: Record<Vendor, string> = {
  Ticketmaster: 'Ticketmaster',
  StubHub: 'StubHub',
  SeatGeek: 'SeatGeek',
  TickPick: 'TickPick',
};

/** SPEC §5: the budget is a whole number shown with thousands separators (the $ is a prefix). */
export function parseBudget(text: string): number | undefined {
  const digits = text.replace(/\D/g, '');
  if (!digits) return undefined;
  return Number(digits.slice(0, 9));
}

export function formatBudget(value: number | undefined): string {
  return value === undefined ? '' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}
