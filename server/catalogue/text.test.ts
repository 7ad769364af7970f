import { describe, expect, it } from 'vitest';
import { searchText } from './text.ts';

describe('searchText', () => {
  it('drops accents and case and folds punctuation', () => {
    expect(searchText('Beyoncé')).toBe('beyonce');
    expect(searchText('Sigur Rós — Live!')).toBe('sigur ros live');
    expect(searchText('AC/DC')).toBe('ac dc');
  });
});
