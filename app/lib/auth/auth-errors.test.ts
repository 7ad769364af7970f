import { describe, expect, it } from 'vitest';
import { authErrorMessage, GENERIC_AUTH_MESSAGE } from './auth-errors';

describe('authErrorMessage', () => {
  it('turns identity-provider codes into sentences without the code', () => {
    for (const code of [
      'auth/invalid-credential',
      'auth/wrong-password',
      'auth/email-already-in-use',
      'auth/too-many-requests',
      'auth/network-request-failed',
      'auth/expired-action-code',
      'auth/requires-recent-login',
    ]) {
      const message = authErrorMessage({ code });
      expect(message).toMatch(/^[A-Z].*\.$/);
      expect(message).not.toContain('auth/');
    }
    expect(authErrorMessage({ code: 'auth/wrong-password' })).toBe(authErrorMessage({ code: 'auth/user-not-found' }));
  });

  it('says nothing when the user closed the popup', () => {
    expect(authErrorMessage({ code: 'auth/popup-closed-by-user' })).toBeNull();
    expect(authErrorMessage({ code: 'auth/cancelled-popup-request' })).toBeNull();
  });

  it('falls back to a generic sentence for anything else', () => {
    expect(authErrorMessage({ code: 'auth/something-new' })).toBe(GENERIC_AUTH_MESSAGE);
    expect(authErrorMessage(new Error('boom'))).toBe(GENERIC_AUTH_MESSAGE);
  });
});
