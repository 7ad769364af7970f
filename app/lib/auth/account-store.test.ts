import { describe, expect, it } from 'vitest';
import { normalizeAccount, withCacheBuster } from './account-store';

describe('account', () => {
  it('falls back to the part of the email before the @ for the display name', () => {
    expect(normalizeAccount({ uid: 'u', email: 'pat.lee@example.test' }).displayName).toBe('pat.lee');
    expect(normalizeAccount({ uid: 'u', email: 'x@y.z', displayName: 'Pat' }).displayName).toBe('Pat');
  });

  it('has every SPEC §3 field, pushNotificationToken empty by default', () => {
    expect(normalizeAccount({})).toEqual({
      uid: '',
      image: '',
      email: '',
      systemRole: '',
      firstName: '',
      lastName: '',
      displayName: '',
      token: '',
      pushNotificationToken: '',
      onboarding: false,
    });
    expect(normalizeAccount({ onboarding: 'yes' as never }).onboarding).toBe(false);
  });

  it('adds a changing query parameter to the image, replacing an older one', () => {
    expect(withCacheBuster('/api/accounts/u/image?v=5', 42)).toBe('/api/accounts/u/image?v=5&t=42');
    expect(withCacheBuster('/api/accounts/u/image?v=5&t=1', 43)).toBe('/api/accounts/u/image?v=5&t=43');
    expect(withCacheBuster('https://img.example.test/p.png', 7)).toBe('https://img.example.test/p.png?t=7');
    expect(withCacheBuster('', 7)).toBe('');
  });
});
