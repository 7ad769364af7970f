import { FirebaseAuthentication } from '@capacitor-firebase/authentication';
import type { AuthCredential } from 'firebase/auth';
import type { AuthSdk } from '../auth/firebase';
import type { SocialProvider } from '../auth/session';

/**
 * Google and Apple on devices (SPEC §7 "native plugins on devices"): the shell's native
 * sign-in sheet proves who the user is (`skipNativeAuth`, capacitor.config.ts), and the web
 * SDK signs in with that credential, so the session lives where the web app keeps it (the
 * indexed store) and the same sign-in flow follows.
 */
export async function nativeCredential(sdk: AuthSdk, provider: SocialProvider): Promise<AuthCredential> {
  if (provider === 'google') {
    const { credential } = await FirebaseAuthentication.signInWithGoogle({ skipNativeAuth: true });
    if (!credential?.idToken) throw new Error('Google sign-in returned no credential');
    return sdk.GoogleAuthProvider.credential(credential.idToken, credential.accessToken);
  }
  const { credential } = await FirebaseAuthentication.signInWithApple({ skipNativeAuth: true });
  if (!credential?.idToken) throw new Error('Apple sign-in returned no credential');
  return new sdk.OAuthProvider('apple.com').credential({ idToken: credential.idToken, rawNonce: credential.nonce });
}
