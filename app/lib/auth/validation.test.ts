import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidWebsiteUrl, validateCredentials } from './validation';

describe('SPEC §5 email rule', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['pat@example.com', 'a.b+c@sub.example.co.uk', 'x_y@e.io'])
      expect(isValidEmail(ok), ok).toBe(true);
  });

  it('refuses malformed, too short, too long and long-local-part addresses', () => {
    expect(isValidEmail('a@b.c')).toBe(false); // 5 characters
    expect(isValidEmail('no-at-sign.example')).toBe(false);
    expect(isValidEmail('two@@example.com')).toBe(false);
    expect(isValidEmail('space in@example.com')).toBe(false);
    expect(isValidEmail('pat@example')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(70)}.com`)).toBe(false);
  });

  it("gives SPEC's messages", () => {
    expect(validateCredentials('nope', '')).toEqual({ email: 'Invalid E-mail', password: 'Please type something' });
    expect(validateCredentials('pat@example.com', 'x')).toEqual({});
  });
});

describe('SPEC §5 website URL rule', () => {
  it('accepts http and https addresses with a host, port, path, query and fragment', () => {
    for (const ok of [
      'https://encore.example',
      'http://tickets.encore.example:8080/artists?id=1#top',
      'https://sub.domain.co.uk/path/to/page',
      '  https://encore.example/  ',
    ]) {
      expect(isValidWebsiteUrl(ok), ok).toBe(true);
    }
  });

  it('refuses other schemes, bare words, credentials, spaces and IP-less garbage', () => {
    for (const bad of [
      'encore.example',
      'ftp://encore.example',
      'javascript:alert(1)',
      'https://',
      'https://encore',
      'https://user:pw@encore.example',
      'https://encore.example/a b',
      'https://-bad-.example',
      `https://encore.example/${'a'.repeat(2100)}`,
    ]) {
      expect(isValidWebsiteUrl(bad), bad).toBe(false);
    }
  });
});
