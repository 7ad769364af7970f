import { expect, it } from 'vitest';
import { eventStatus } from './status';

it('maps SPEC §4 statuses to their badges', () => {
  expect(eventStatus('onsale')).toEqual({ label: 'On Sale', tone: 'positive' });
  expect(eventStatus('offsale')).toEqual({ label: 'Off Sale', tone: 'negative' });
  expect(eventStatus('cancelled')).toEqual({ label: 'Cancelled', tone: 'negative' });
  expect(eventStatus('postponed')).toEqual({ label: 'Postponed', tone: 'warning' });
});

it('shows any other status as its raw text made readable, in grey', () => {
  expect(eventStatus('rescheduled')).toEqual({ label: 'Rescheduled', tone: 'neutral' });
  expect(eventStatus('on_hold')).toEqual({ label: 'On hold', tone: 'neutral' });
  expect(eventStatus(undefined)).toBeUndefined();
});
