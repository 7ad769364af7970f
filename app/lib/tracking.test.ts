import { describe, expect, it } from 'vitest';
import { artistPath as serverArtistPath, eventPath as serverEventPath } from '#server/tracking/paths';
import { timeAgo } from '../components/tracking/alerts-inbox';
import { artistPath, eventPath } from './slug';

describe('alert and calendar links', () => {
  it('follow the same SPEC §2 slug rule on the server as in the browser', () => {
    for (const name of ['The Restless Starlight', 'Beyoncé — Live!', 'AC/DC: Power Up 2031', '  spaced  ']) {
      expect(serverEventPath({ id: 'E1', name })).toBe(eventPath({ id: 'E1', name }));
      expect(serverArtistPath({ id: 'A1', name })).toBe(artistPath({ id: 'A1', name }));
    }
  });
});

describe('timeAgo', () => {
  it('reads the same on the server and in the browser (relative to the render time)', () => {
    const now = '2030-01-02T12:00:00.000Z';
    expect(timeAgo('2030-01-02T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2030-01-02T11:55:00.000Z', now)).toBe('5 min ago');
    expect(timeAgo('2030-01-02T09:00:00.000Z', now)).toBe('3 h ago');
    expect(timeAgo('2030-01-01T12:00:00.000Z', now)).toBe('1 day ago');
  });
});
