import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', CATALOGUE_SIZE: 'small' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CATALOGUE_SIZE: 'huge' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('CATALOGUE_SIZE');
    }
  });

  it('refuses the auth emulator for a real project, in any mode, and allows it for a demo-* project', () => {
    for (const NODE_ENV of ['production', 'development'] as const) {
      expect(() =>
        parseEnv({ NODE_ENV, FIREBASE_PROJECT_ID: 'encore-live', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
      ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must not be set for a real Firebase project/);
    }
    const local = parseEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(local.FIREBASE_PROJECT_ID).toBe('demo-encore');
    expect(local.FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
  });

  it('takes ID token keys from https, or from plain http on loopback only', () => {
    const certs = (url: string) => parseEnv({ NODE_ENV: 'production', FIREBASE_ID_TOKEN_CERTS_URL: url });
    expect(certs('https://keys.example.test/certs').FIREBASE_ID_TOKEN_CERTS_URL).toBe(
      'https://keys.example.test/certs',
    );
    expect(certs('http://127.0.0.1:9300/keys').FIREBASE_ID_TOKEN_CERTS_URL).toBe('http://127.0.0.1:9300/keys');
    expect(() => certs('http://keys.example.test/certs')).toThrow(/FIREBASE_ID_TOKEN_CERTS_URL: must be https:\/\//);
  });

  it('splits ADMIN_EMAILS into lower-case addresses', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,' }).ADMIN_EMAILS).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('derives PUBLIC_ORIGIN from HOST and PORT unless set (ADR 0014)', () => {
    expect(parseEnv({}).PUBLIC_ORIGIN).toBe('http://127.0.0.1:3000');
    expect(parseEnv({ HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_ORIGIN).toBe('http://127.0.0.1:8080');
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://encore.example/' }).PUBLIC_ORIGIN).toBe('https://encore.example');
    for (const bad of ['encore.example', 'https://encore.example/path', 'ftp://encore.example']) {
      expect(() => parseEnv({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });

  it('trusts no proxy unless TRUST_PROXY names them (ADR 0014)', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,::1, 192.168.1.7' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      '192.168.1.7',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
