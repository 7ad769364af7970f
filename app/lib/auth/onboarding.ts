import type { ReferralSource, Vendor } from '#contracts/enums';

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

/** "Not now" on the quiz: asked again after this long, on this browser (ADR 0026). */
export const QUIZ_LATER_COOKIE = 'encore_quiz_later';
export const QUIZ_LATER_SECONDS = 30 * 24 * 60 * 60;

export function quizPostponed(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${QUIZ_LATER_COOKIE}=true`);
}

export function postponeQuiz() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${QUIZ_LATER_COOKIE}=true; Path=/; Max-Age=${QUIZ_LATER_SECONDS}; SameSite=Strict${secure}`;
}

/** The most one ticket's budget may be; more is surely a typing slip. */
export const BUDGET_MAX = 100_000;

export type BudgetReading = { value: number | undefined; error?: string };

/**
 * SPEC §5: the budget is a whole number of dollars with thousands separators and a $ prefix.
 * '$1,500', '1500' and '1 500' read 1500; cents are dropped ('1500.75' is 1500, never 150075).
 */
export function readBudget(text: string): BudgetReading {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!cleaned) return { value: undefined };
  const match = /^(\d+)(?:\.\d*)?$/.exec(cleaned);
  if (!match) return { value: undefined, error: 'Enter an amount in dollars, like 250' };
  const value = Number(match[1]);
  if (value > BUDGET_MAX) return { value: undefined, error: `Enter an amount up to $${formatBudget(BUDGET_MAX)}` };
  return { value };
}

export function parseBudget(text: string): number | undefined {
  return readBudget(text).value;
}

export function formatBudget(value: number | undefined): string {
  return value === undefined ? '' : String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
