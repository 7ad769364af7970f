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

  it('refuses the auth emulator in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production/,
    );
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
});
