import { createHmac, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test-only: an RSA key pair published as a JWKS on a loopback server, and a minter of
 * Firebase-shaped ID tokens (valid or deliberately forged) signed with it. The production
 * verifier runs unchanged against it.
 */

export type Claims = Record<string, unknown>;
export type Header = Record<string, unknown>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function newKeyPair(kid: string) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, publicKey, privateKey };
}

export type KeyPair = ReturnType<typeof newKeyPair>;

export function signRs256(header: Header, claims: Claims, privateKey: KeyObject): string {
  const input = `${b64(header)}.${b64(claims)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
  return `${input}.${signature}`;
}

export function signHs256(header: Header, claims: Claims, secret: string | Buffer): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export function unsigned(header: Header, claims: Claims): string {
  return `${b64(header)}.${b64(claims)}.`;
}

export type JwksServer = {
  url: string;
  requests: () => number;
  /** Replace the published body (JWKS or x509 map). */
  publish(body: unknown): void;
  close(): Promise<void>;
};

export async function startJwksServer(body: unknown): Promise<JwksServer> {
  let current = body;
  let count = 0;
  const server: Server = createServer((_req, res) => {
    count++;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
    res.end(JSON.stringify(current));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/keys`,
    requests: () => count,
    publish: (next) => {
      current = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function jwksOf(...pairs: KeyPair[]) {
  return {
    keys: pairs.map((p) => ({ ...p.publicKey.export({ format: 'jwk' }), kid: p.kid, alg: 'RS256', use: 'sig' })),
  };
}

/** A Firebase ID token's claims for `uid`, valid now; override any claim. */
export function idTokenClaims(projectId: string, uid: string, overrides: Claims = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: uid,
    sub: uid,
    iat: now - 10,
    exp: now + 3590,
    email: `${uid}@example.test`,
    email_verified: false,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...overrides,
  };
}

export function mintIdToken(pair: KeyPair, projectId: string, uid: string, overrides: Claims = {}): string {
  return signRs256(
    { alg: 'RS256', kid: pair.kid, typ: 'JWT' },
    idTokenClaims(projectId, uid, overrides),
    pair.privateKey,
  );
}

/**
 * Services for API tests in production mode: a fresh key pair, its JWKS on loopback, and a
 * minter of tokens the production verifier accepts.
 */
export async function productionTestAuth(projectId: string) {
  const { createAuthService } = await import('./auth-service.ts');
  const { createHttpKeySource } = await import('./verifier.ts');
  const { parseEnv } = await import('../env.ts');
  const pair = newKeyPair('test-key');
  const jwks = await startJwksServer(jwksOf(pair));
  const env = parseEnv({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: projectId });
  const auth = createAuthService(env, {
    keys: createHttpKeySource(jwks.url),
    loadUserStatus: async () => ({ disabled: false }),
  });
  return {
    auth,
    mint: (uid: string, overrides: Claims = {}) => mintIdToken(pair, projectId, uid, overrides),
    close: () => jwks.close(),
  };
}
