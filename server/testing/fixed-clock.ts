import { vi } from 'vitest';

/**
 * `npm run test:dates` (ADR 0012): with ENCORE_TEST_NOW set, every test file of the run sees
 * that instant as now. Only Date is faked and it keeps moving, so timers, the database and
 * token lifetimes behave as usual.
 */
const at = process.env.ENCORE_TEST_NOW;
if (at) {
  const now = new Date(at);
  if (Number.isNaN(now.getTime())) throw new Error(`ENCORE_TEST_NOW is not a date: ${at}`);
  vi.useFakeTimers({ now, toFake: ['Date'], shouldAdvanceTime: true });
}
