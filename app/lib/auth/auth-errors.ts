/**
 * Identity-provider errors as plain sentences (SPEC §8 codes): never a raw code on screen.
 * `null` means "say nothing": the user closed the popup themselves (SPEC §8: social
 * sign-in cancellations are swallowed).
 */
const MESSAGES: Record<string, string | null> = {
  'auth/invalid-credential': 'That email and password do not match. Check them and try again.',
  'auth/invalid-login-credentials': 'That email and password do not match. Check them and try again.',
  'auth/wrong-password': 'That email and password do not match. Check them and try again.',
  'auth/user-not-found': 'That email and password do not match. Check them and try again.',
  'auth/email-already-in-use': 'An account already uses this email. Sign in instead, or reset your password.',
  'auth/credential-already-in-use': 'This account is already linked to another Encore user.',
  'auth/account-exists-with-different-credential':
    'An account already uses this email with another sign-in method. Sign in the way you did before.',
  'auth/invalid-email': 'Invalid E-mail',
  'auth/missing-email': 'Invalid E-mail',
  'auth/missing-password': 'Please type something',
  'auth/weak-password': 'Choose a password of at least 6 characters.',
  'auth/password-does-not-meet-requirements':
    'That password is too weak. Use at least 6 characters; mixing letters, digits and symbols helps.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/timeout': 'The sign-in service took too long to answer. Try again.',
  'auth/user-disabled': 'This account has been disabled. Contact us if you think this is a mistake.',
  'auth/user-token-expired': 'Your session has expired. Sign in again.',
  'auth/invalid-user-token': 'Your session has expired. Sign in again.',
  'auth/requires-recent-login': 'For your security, sign in again before doing this.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is not valid any more: it may have been used already. Ask for a new one.',
  'auth/user-mismatch': 'Those details belong to another account.',
  'auth/provider-already-linked': 'This sign-in method is already linked to your account.',
  'auth/no-such-provider': 'This sign-in method is not linked to your account.',
  'auth/multi-factor-auth-required': 'This account uses two-step verification, which Encore does not support yet.',
  'auth/missing-recaptcha-token': 'We could not confirm you are not a robot. Reload the page and try again.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': null,
  'auth/cancelled-popup-request': null,
  'auth/user-cancelled': null,
  'auth/web-storage-unsupported':
    'Your browser blocks the storage sign-in needs. Turn off private mode or allow site data.',
  'auth/unauthorized-domain': 'Sign-in is not enabled on this address.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
  'auth/invalid-api-key': 'Sign-in is misconfigured on our side. Please try again later.',
  'auth/internal-error': 'Something went wrong while signing you in. Try again.',
  'auth/login-blocked': 'We could not reach Encore to finish signing you in. Check your connection and try again.',
};

export const GENERIC_AUTH_MESSAGE = 'Something went wrong while signing you in. Try again.';

export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function authErrorMessage(error: unknown): string | null {
  const code = authErrorCode(error);
  if (code && code in MESSAGES) return MESSAGES[code] ?? null;
  return GENERIC_AUTH_MESSAGE;
}
