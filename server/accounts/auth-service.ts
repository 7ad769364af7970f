import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';
import {
  createEmulatorVerifier,
  createHttpKeySource,
  createJwtVerifier,
  firebaseAdminAuth,
  GOOGLE_ID_TOKEN_CERTS_URL,
  IdentityUnavailableError,
  type KeySource,
  mapAdminError,
  TokenError,
  type VerifiedToken,
} from './verifier.ts';

/** The server's view of Firebase Auth, handed to routes and loaders through Services. */
export type AuthService = {
  mode: 'emulator' | 'production';
  /** Settles once start-up work (the emulator's email privacy switch) is done; never rejects. */
  ready: Promise<void>;
  /**
   * Verifies an ID token; throws TokenError (→ 401) or IdentityUnavailableError (→ 503).
   * `checkRevoked` also asks Firebase whether the user was disabled or signed out everywhere
   * after the token was issued: done for admin calls, where a stolen token matters most.
   */
  verifyIdToken(token: string, options?: { checkRevoked?: boolean }): Promise<VerifiedToken>;
};

export type UserStatus = { disabled: boolean; tokensValidAfterTime?: string | undefined };

export type AuthServiceOptions = {
  /** Production key source; defaults to Google's certificates. */
  keys?: KeySource;
  /** Production revocation lookup; defaults to firebase-admin's getUser. */
  loadUserStatus?: (uid: string) => Promise<UserStatus>;
  now?: () => number;
  /** Turn on the emulator's email privacy (production-style error codes); dev server only. */
  configureEmulator?: { logger: FastifyBaseLogger };
};

export function createAuthService(env: Env, options: AuthServiceOptions = {}): AuthService {
  const projectId = env.FIREBASE_PROJECT_ID;
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;

  if (emulatorHost) {
    const ready = options.configureEmulator
      ? enableEmailPrivacy(emulatorHost, projectId, options.configureEmulator.logger)
      : Promise.resolve();
    // firebase-admin (scripts, tests) decides "emulator or not" from process.env at each call;
    // mirror the parsed value there (the env parser refuses it in production).
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    const verify = createEmulatorVerifier({ projectId, emulatorHost, now: options.now });
    return {
      mode: 'emulator',
      ready,
      verifyIdToken: (token, o) => verify(token, o?.checkRevoked === true),
    };
  }

  const verify = createJwtVerifier({
    projectId,
    keys: options.keys ?? createHttpKeySource(env.FIREBASE_ID_TOKEN_CERTS_URL ?? GOOGLE_ID_TOKEN_CERTS_URL),
    now: options.now,
  });
  const loadUserStatus =
    options.loadUserStatus ??
    (async (uid: string) => {
      try {
        const user = await firebaseAdminAuth(projectId).getUser(uid);
        return { disabled: user.disabled, tokensValidAfterTime: user.tokensValidAfterTime };
      } catch (error) {
        throw mapAdminError(error);
      }
    });
  return {
    mode: 'production',
    ready: Promise.resolve(),
    async verifyIdToken(token, o) {
      const verified = await verify(token);
      if (o?.checkRevoked) {
        let status: UserStatus;
        try {
          status = await loadUserStatus(verified.uid);
        } catch (error) {
          if (error instanceof TokenError) throw error;
          throw error instanceof IdentityUnavailableError
            ? error
            : new IdentityUnavailableError('Could not check the token against Firebase', { cause: error });
        }
        if (status.disabled) throw new TokenError('user_disabled', 'user disabled');
        const validAfter = status.tokensValidAfterTime ? Date.parse(status.tokensValidAfterTime) : Number.NaN;
        // Firebase records revocation to the second; a token authenticated before it is void.
        if (Number.isFinite(validAfter) && verified.authTime * 1000 < validAfter) {
          throw new TokenError('token_revoked', 'token revoked');
        }
      }
      return verified;
    },
  };
}

/**
 * The emulator answers auth/wrong-password and auth/user-not-found unless email privacy is
 * on; production projects answer auth/invalid-credential. Make dev behave like production.
 */
async function enableEmailPrivacy(host: string, projectId: string, logger: FastifyBaseLogger) {
  try {
    const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    logger.info({ host }, 'auth emulator: email privacy enabled');
  } catch (error) {
    logger.warn({ host, err: error }, 'auth emulator: could not enable email privacy');
  }
}
