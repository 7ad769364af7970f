import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { ApiError } from '../errors.ts';
import { getSystemRole } from './accounts.ts';
import { IdentityUnavailableError, TokenError, type VerifiedToken } from './verifier.ts';

export type AuthRequirement = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that need a signed-in user ('user') or an administrator ('admin'). */
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    /** Who sent the request, once `authenticateRequests` verified it; read it with `currentUser`. */
    authUser: VerifiedToken | null;
  }
}

/** The Bearer token of a request (SPEC §7: "send it as a Bearer Authorization header"). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const unauthenticated = (message = 'Sign in to continue') => new ApiError(401, 'unauthenticated', message);

/**
 * 401 without a valid token, 403 for a non-admin on admin routes (which also check that the
 * token was not revoked), 503 when Firebase cannot be asked.
 */
export async function authenticate(
  request: FastifyRequest,
  services: Services,
  requirement: AuthRequirement,
): Promise<VerifiedToken> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  let verified: VerifiedToken;
  try {
    // Admin calls and every write ask the identity provider again (revoked or disabled accounts
    // are refused at once); reads may use a token confirmed in the last seconds.
    const checkRevoked = requirement === 'admin' || !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    verified = await services.auth.verifyIdToken(token, { checkRevoked });
  } catch (error) {
    if (error instanceof TokenError) {
      request.log.info({ reason: error.code, detail: error.message }, 'token refused');
      throw error.code === 'token_expired'
        ? new ApiError(401, 'token_expired', 'Your session expired: sign in again')
        : unauthenticated();
    }
    if (error instanceof IdentityUnavailableError) {
      request.log.error({ err: error }, 'identity service unavailable');
      throw new ApiError(503, 'identity_unavailable', 'Sign-in is unavailable right now: try again shortly');
    }
    throw error;
  }
  if (requirement === 'admin') {
    const role = await getSystemRole(services.database.db, verified.uid);
    if (role !== 'admin') throw new ApiError(403, 'forbidden', 'Only administrators may do this');
  }
  return verified;
}

/**
 * The one way an API scope knows its user: each request that `requirementOf` says needs a
 * user is authenticated first (onRequest, so a rate limit can key on the uid), marked
 * private, and its verified token kept on the request for `currentUser`.
 */
export function authenticateRequests(
  scope: FastifyInstance,
  services: Services,
  requirementOf: (request: FastifyRequest) => AuthRequirement | undefined,
): void {
  scope.decorateRequest('authUser', null);
  scope.addHook('onRequest', async (request, reply) => {
    const requirement = requirementOf(request);
    if (!requirement) return;
    reply.header('Cache-Control', 'private, no-store');
    request.authUser = await authenticate(request, services, requirement);
  });
}

/** The verified user of a request `authenticateRequests` guarded; 401 for anyone else. */
export function currentUser(request: FastifyRequest): VerifiedToken {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
