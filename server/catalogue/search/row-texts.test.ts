import { describe, expect, it } from 'vitest';
import { RowTexts } from './row-texts.ts';

describe('RowTexts', () => {
  it('gives back each text as written, accents and other scripts included', () => {
    const texts = new RowTexts(10);
    const rows = {
      a: '{"id":"a","name":"Beyoncé"}',
      b: '{"id":"b","name":"坂本龍一 · Ryuichi"}',
      c: '{"id":"c","name":"🎸 Guitar night"}',
      d: '',
    };
    for (const [id, text] of Object.entries(rows)) expect(texts.set(id, text)).toBe(true);
    for (const [id, text] of Object.entries(rows)) expect(texts.get(id)).toBe(text);
    expect(texts.get('unknown')).toBeUndefined();
    expect(texts.size).toBe(4);
  });

  it('spreads texts over several buffers and finds every one', () => {
    const texts = new RowTexts(5_000);
    const long = (i: number) => `{"id":"${i}","info":"${String(i).repeat(1_000)}"}`;
    // About 20 MB: three 8 MB buffers.
    for (let i = 0; i < 5_000; i++) texts.set(String(i), long(i));
    for (const i of [0, 1, 2_499, 2_500, 4_999]) expect(texts.get(String(i))).toBe(long(i));
  });

  it('keeps no more ids than its capacity, and no more bytes than it may write', () => {
    const texts = new RowTexts(2);
    expect(texts.set('a', 'x')).toBe(true);
    expect(texts.set('b', 'y')).toBe(true);
    expect(texts.full).toBe(true);
    expect(texts.set('c', 'z')).toBe(false);
    // A text written again for an id it keeps replaces it.
    expect(texts.set('a', 'x2')).toBe(true);
    expect(texts.get('a')).toBe('x2');

    const small = new RowTexts(1_000, 8 * 1024 * 1024);
    const text = 'y'.repeat(1_000_000);
    let kept = 0;
    for (let i = 0; i < 20; i++) if (small.set(String(i), text)) kept++;
    expect(kept).toBe(8);
    expect(small.full).toBe(true);
    expect(small.get('7')).toBe(text);
    expect(small.get('8')).toBeUndefined();
  });

  it('forgets a deleted id', () => {
    const texts = new RowTexts(10);
    texts.set('a', '{"id":"a"}');
    texts.delete('a');
    expect(texts.has('a')).toBe(false);
    expect(texts.get('a')).toBeUndefined();
    expect(texts.full).toBe(false);
  });
});
