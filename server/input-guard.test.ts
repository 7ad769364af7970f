import { describe, expect, it } from 'vitest';
import { checkHeaders, checkJson, checkUrl, namePathField } from './input-guard.ts';

describe('the edge input check (ADR 0013)', () => {
  it('accepts ordinary URLs, accents and emoji included', () => {
    for (const url of [
      '/',
      '/events/caf%C3%A9-live/E1?keyword=Beyonc%C3%A9&radius=100',
      '/search?keyword=%F0%9F%8E%B8+rock&page=',
    ]) {
      expect(checkUrl(url), url).toBeUndefined();
    }
  });

  it('names the query parameter holding a NUL, invalid UTF-8, a control character or an over-long value', () => {
    expect(checkUrl('/api/me/tracked?eventId=a%00b')).toMatchObject({ field: 'eventId' });
    expect(checkUrl('/search?keyword=%C3%28')).toMatchObject({ field: 'keyword', reason: 'must be valid UTF-8 text' });
    expect(checkUrl('/search?x=1&keyword=%E9')).toMatchObject({ field: 'keyword' });
    expect(checkUrl('/search?city=a%0Ab')).toMatchObject({ field: 'city' });
    expect(checkUrl(`/search?keyword=${'a'.repeat(2_049)}`)).toMatchObject({ field: 'keyword' });
  });

  it('names the path, and the route parameter once the route is known', () => {
    const found = checkUrl('/api/events/a%00b/images');
    expect(found).toMatchObject({ field: 'path', segment: 2 });
    expect(namePathField(found!, '/api/events/:id/images')).toMatchObject({
      field: 'id',
      message: 'id: must not contain control characters',
    });
    expect(checkUrl('/events/x/%E9')).toMatchObject({ field: 'path' });
    expect(checkUrl(`/events/x/${'a'.repeat(513)}`)).toMatchObject({ field: 'path' });
  });

  it('checks the headers and our cookies, and leaves other cookies alone', () => {
    expect(checkHeaders({ authorization: 'Bearer caf\u00e9' })).toMatchObject({ field: 'authorization' });
    expect(checkHeaders({ 'user-agent': 'Mozilla/5.0 \u00c3\u00a9' })).toBeUndefined();
    expect(checkHeaders({ host: 'encore.example:99999' })).toMatchObject({ field: 'host' });
    expect(checkHeaders({ cookie: 'encoreFilters=%E9' })).toMatchObject({ field: 'cookie encoreFilters' });
    expect(checkHeaders({ cookie: 'tracker=%E9; encore_session=abc' })).toBeUndefined();
  });

  it('names the JSON field holding a NUL, a lone surrogate or an over-long string', () => {
    expect(checkJson({ displayName: 'a\u0000b' })).toMatchObject({ field: 'displayName' });
    expect(checkJson({ answers: { vendor: '\ud800' } })).toMatchObject({ field: 'answers.vendor' });
    expect(checkJson({ items: ['ok', 'x'.repeat(16_385)] })).toMatchObject({ field: 'items.1' });
    expect(checkJson({ note: 'line one\nline two\tend', n: 1, ok: true, none: null })).toBeUndefined();
  });
});
