import { describe, expect, it } from 'vitest';
import { formatBudget, parseBudget } from './onboarding';

describe('budget field', () => {
  it('keeps whole dollars only and shows thousands separators', () => {
    expect(parseBudget('$1,500')).toBe(1500);
    expect(parseBudget('12.50')).toBe(1250);
    expect(parseBudget('abc')).toBeUndefined();
    expect(parseBudget('0')).toBe(0);
    expect(formatBudget(1234567)).toBe('1,234,567');
    expect(formatBudget(undefined)).toBe('');
  });
});
