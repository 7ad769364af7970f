import { describe, expect, it } from 'vitest';
import { pickEventThumbnail, pickHeroImage, pickListThumbnail } from './images';

const image = (ratio: string, width: number) => ({
  ratio,
  width,
  height: Math.round(
    (width * (ratio === '4_3' ? 3 : ratio === '3_2' ? 2 : 9)) / (ratio === '4_3' ? 4 : ratio === '3_2' ? 3 : 16),
  ),
  url: `/img/${ratio}-${width}.jpg`,
});

const discovery = [
  image('16_9', 205),
  image('3_2', 305),
  image('16_9', 640),
  image('16_9', 1024),
  image('4_3', 305),
  image('16_9', 2048),
  image('3_2', 1024),
];

describe('list thumbnail (SPEC §2: width of at least 640)', () => {
  it('takes the smallest landscape image at least 640 wide and offers the others as a srcset', () => {
    const choice = pickListThumbnail(discovery)!;
    expect(choice.src).toBe('/img/16_9-640.jpg');
    expect(choice.width).toBe(640);
    expect(choice.height).toBe(360);
    expect(choice.srcSet).toBe(
      '/img/16_9-205.jpg 205w, /img/16_9-640.jpg 640w, /img/16_9-1024.jpg 1024w, /img/16_9-2048.jpg 2048w',
    );
  });

  it('falls back to the widest image when none is wide enough', () => {
    expect(pickListThumbnail([image('3_2', 305), image('16_9', 205)])!.src).toBe('/img/3_2-305.jpg');
    expect(pickListThumbnail([])).toBeUndefined();
    expect(pickListThumbnail(undefined)).toBeUndefined();
  });
});

describe('event thumbnail (SPEC §2: 4_3, then 16_9)', () => {
  it('prefers 4_3', () => {
    expect(pickEventThumbnail(discovery)!.src).toBe('/img/4_3-305.jpg');
  });
  it('then 16_9', () => {
    expect(pickEventThumbnail(discovery.filter((i) => i.ratio !== '4_3'))!.src).toBe('/img/16_9-640.jpg');
  });
  it('then anything', () => {
    expect(pickEventThumbnail([image('3_2', 1024)])!.aspectRatio).toBe('1024 / 683');
  });
});

describe('hero image (SPEC §2: the widest 16_9)', () => {
  it('takes the widest 16_9', () => {
    expect(pickHeroImage(discovery)!.src).toBe('/img/16_9-2048.jpg');
  });
  it('ignores entries without a url', () => {
    expect(pickHeroImage([{ url: '', ratio: '16_9', width: 4000 }, image('16_9', 640)])!.src).toBe('/img/16_9-640.jpg');
  });
});
