import { describe, expect, it } from 'vitest';
import { BUDGET_MAX, formatBudget, parseBudget, readBudget } from './onboarding';

describe('budget field', () => {
  it('keeps whole dollars only and shows thousands separators', () => {
    expect(parseBudget('$1,500')).toBe(1500);
    expect(parseBudget('1500.75')).toBe(1500);
    expect(parseBudget('12.50')).toBe(12);
    expect(parseBudget('1 500')).toBe(1500);
    expect(parseBudget('0')).toBe(0);
    expect(formatBudget(1500)).toBe('1,500');
    expect(formatBudget(1234567)).toBe('1,234,567');
    expect(formatBudget(undefined)).toBe('');
  });

  it('says what is wrong with an amount it cannot take', () => {
    expect(readBudget('abc')).toEqual({ value: undefined, error: 'Enter an amount in dollars, like 250' });
    expect(readBudget('1.2.3').error).toBe('Enter an amount in dollars, like 250');
    expect(readBudget(String(BUDGET_MAX)).value).toBe(BUDGET_MAX);
    expect(readBudget(String(BUDGET_MAX + 1))).toEqual({ value: undefined, error: 'Enter an amount up to $100,000' });
    expect(readBudget('')).toEqual({ value: undefined });
  });
});
