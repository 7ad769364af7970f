import { describe, expect, it } from 'vitest';
import { greetingName } from './display-name';

describe('greetingName', () => {
  it('prefers the first name, then the display name, then the email before the @ (SPEC §3)', () => {
    expect(greetingName({ firstName: 'Robin', displayName: 'rokafor', email: 'r@x.test' })).toBe('Robin');
    expect(greetingName({ firstName: '', displayName: 'Robin Okafor', email: 'r@x.test' })).toBe('Robin Okafor');
    expect(greetingName({ email: 'robin.okafor@x.test' })).toBe('robin.okafor');
  });

  it('never greets by a uid or a generated handle', () => {
    expect(greetingName({ displayName: 'uxnc1795458740', email: 'uxnc1795458740@x.test' })).toBeUndefined();
    expect(greetingName({ displayName: 'Xk29aZP0qLmN3bVt7yHs1RwQ', uid: 'Xk29aZP0qLmN3bVt7yHs1RwQ' })).toBeUndefined();
    expect(greetingName({ displayName: 'uxnc1795458740', email: 'sam@x.test' })).toBe('sam');
    expect(greetingName({ firstName: 'Sam 2024' })).toBe('Sam 2024');
  });
});
