import { describe, expect, it } from 'vitest';
import { outputType, PNG_TO_JPEG_BYTES, targetSize } from './image';

describe('picture compression rules (SPEC §5)', () => {
  it('fits within 1000×1000 keeping the proportions, never enlarging', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 1000, height: 750 });
    expect(targetSize(1200, 2400)).toEqual({ width: 500, height: 1000 });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('leaves GIFs alone and turns PNGs above 5,000,000 bytes into JPEG', () => {
    expect(outputType('image/gif', 9_000_000)).toBeUndefined();
    expect(outputType('image/png', PNG_TO_JPEG_BYTES)).toBe('image/png');
    expect(outputType('image/png', PNG_TO_JPEG_BYTES + 1)).toBe('image/jpeg');
    expect(outputType('image/jpeg', 10)).toBe('image/jpeg');
    expect(outputType('image/webp', 10)).toBe('image/webp');
    expect(outputType('image/heic', 10)).toBe('image/jpeg');
  });
});
