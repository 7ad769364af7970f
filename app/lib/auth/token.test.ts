import { describe, expect, it } from 'vitest';
import { freshFor, TOKEN_REFRESH_AHEAD_MS, tokenExpiresAt } from './token';

/** A JWT as the identity provider issues it; the signature is not ours to check here. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const EXP = 1_795_000_000; // seconds

describe('ID token freshness', () => {
  it('reads the expiry from the exp claim, whatever else the payload holds', () => {
    expect(tokenExpiresAt(jwt({ sub: 'u1', exp: EXP, name: 'Zoë Ünal ☃' }))).toBe(EXP * 1000);
  });

  it('is fresh until 5 minutes before expiry, then due for the provider', () => {
    const token = jwt({ exp: EXP });
    const dueAt = EXP * 1000 - TOKEN_REFRESH_AHEAD_MS;
    expect(freshFor(token, dueAt - 60_000)).toBe(60_000);
    expect(freshFor(token, dueAt)).toBe(0);
    expect(freshFor(token, EXP * 1000 + 1)).toBe(0);
  });

  it('leaves to the provider a token it cannot read', () => {
    for (const token of ['', 'opaque', 'a.b.c', `x.${Buffer.from('{"exp":"soon"}').toString('base64url')}.y`]) {
      expect(tokenExpiresAt(token)).toBeUndefined();
      expect(freshFor(token, 0)).toBe(0);
    }
  });
});
