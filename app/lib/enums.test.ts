import { expect, it } from 'vitest';
import * as shared from '../../contracts/enums';
import * as browser from './enums';

it('the browser copies of the SPEC enumerations equal the shared contracts', () => {
  expect(browser.COUNTRY_CODES).toEqual(shared.COUNTRY_CODES);
  expect(browser.SOURCES).toEqual(shared.SOURCES);
  expect(browser.UNITS).toEqual(shared.UNITS);
  expect(browser.TICKET_CATEGORIES).toEqual(shared.TICKET_CATEGORIES);
  expect(browser.VENDORS).toEqual(shared.VENDORS);
  expect(browser.REFERRAL_SOURCES).toEqual(shared.REFERRAL_SOURCES);
  expect(browser.EVENT_SORTS).toEqual(shared.EVENT_SORTS);
  expect(browser.SEGMENTS).toEqual(shared.SEGMENTS);
  expect(browser.DEFAULTS).toEqual(shared.DEFAULTS);
});
