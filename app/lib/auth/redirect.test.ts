import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps paths on our origin', () => {
    expect(safeRedirect('/my-encore')).toBe('/my-encore');
    expect(safeRedirect('/search?keyword=a%20b#top')).toBe('/search?keyword=a%20b#top');
    expect(safeRedirect('/profile/indexV2')).toBe('/profile/indexV2');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' //evil.example',
      '/\t/evil.example',
      '/..//evil.example',
      '/./..//evil.example/x',
      '/a/../..//evil.example',
      '/%2e%2e//evil.example',
      '/.//evil.example',
      'my-encore',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe('/');
    }
    expect(safeRedirect('https://evil.example/', '/fallback')).toBe('/fallback');
  });

  it('returns normalised paths that still resolve on our origin', () => {
    expect(safeRedirect('/a/../my-encore')).toBe('/my-encore');
    for (const target of ['/..//evil.example', '/a/b/../../..//evil.example?x=1']) {
      const out = safeRedirect(target);
      expect(new URL(out, 'https://encore.example').origin, target).toBe('https://encore.example');
    }
  });
});
