import { describe, expect, it } from 'vitest';
import { absoluteUrl, excerpt, pageMeta, serializeJsonLd } from './seo';

describe('JSON-LD serialization', () => {
  it('escapes < so catalogue text cannot close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>', note: 'a & b > c' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', note: 'a & b > c' });
  });
  it('escapes line and paragraph separators', () => {
    expect(serializeJsonLd('a\u2028b')).toBe('"a\\u2028b"');
  });
});

describe('meta tags', () => {
  it('has a canonical link and Open Graph tags', () => {
    const tags = pageMeta({
      title: 'T',
      description: 'D',
      origin: 'https://encore.example',
      path: '/events/x/1',
      image: '/api/images/x.jpg',
      type: 'event',
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://encore.example/events/x/1' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://encore.example/events/x/1' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://encore.example/api/images/x.jpg' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'event' });
  });
  it('keeps absolute image URLs', () => {
    expect(absoluteUrl('https://a.example', 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
  it('cuts descriptions on a word', () => {
    const text = 'word '.repeat(60);
    const cut = excerpt(text, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
    expect(excerpt('short')).toBe('short');
  });
});
