import { describe, expect, it } from 'vitest';
import { isValidEmail, validateCredentials } from './validation';

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
