/**
 * SPEC §9: the identity provider refreshes a token 5 minutes before it expires. Until then the
 * token it would hand out is the one it last gave us, which the account store keeps (SPEC §3):
 * a page can use that one without loading the provider's SDK (ADR 0058).
 */
export const TOKEN_REFRESH_AHEAD_MS = 5 * 60 * 1000;

/** When an ID token (a JWT) expires, in ms since the epoch, from its `exp` claim; undefined if unreadable. */
export function tokenExpiresAt(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long the stored token stays fresh: ms until the provider would refresh it, 0 when that
 * is now (or the token cannot be read, so only the provider can tell).
 */
export function freshFor(token: string, now = Date.now()): number {
  const expiresAt = token ? tokenExpiresAt(token) : undefined;
  return expiresAt === undefined ? 0 : Math.max(0, expiresAt - TOKEN_REFRESH_AHEAD_MS - now);
}
