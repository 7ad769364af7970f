/**
 * SPEC §2 image choice. Catalogue images come in several ratios and widths (Discovery
 * `images[]`: ratio, width, height, url); each place on screen picks one and offers the
 * other widths of the same ratio as a srcset, so a phone downloads a phone-sized file.
 */
export type ImageLike = {
  url: string;
  ratio?: string | null;
  width?: number | null;
  height?: number | null;
  fallback?: boolean | null;
};

export type ImageChoice = {
  src: string;
  width: number;
  height: number;
  /** 'url 640w, url 1024w', empty when only one width exists. */
  srcSet: string;
  /** CSS aspect ratio, e.g. '16 / 9'. */
  aspectRatio: string;
};

export const LIST_THUMBNAIL_MIN_WIDTH = 640;

const RATIO_SIZES: Record<string, [number, number]> = { '16_9': [16, 9], '3_2': [3, 2], '4_3': [4, 3] };

const widthOf = (image: ImageLike) => image.width ?? 0;

function heightOf(image: ImageLike): number {
  if (image.height) return image.height;
  const [w, h] = RATIO_SIZES[image.ratio ?? ''] ?? [16, 9];
  return Math.round((widthOf(image) * h) / w);
}

const usable = (images: readonly ImageLike[] | null | undefined) =>
  (images ?? []).filter((image) => typeof image?.url === 'string' && image.url.length > 0);

function toChoice(picked: ImageLike, all: readonly ImageLike[]): ImageChoice {
  const sameRatio = all
    .filter((image) => image.ratio === picked.ratio && widthOf(image) > 0)
    .sort((a, b) => widthOf(a) - widthOf(b));
  const seen = new Set<number>();
  const candidates = sameRatio.filter((image) => !seen.has(widthOf(image)) && seen.add(widthOf(image)));
  const width = widthOf(picked) || 640;
  const height = heightOf(picked) || 360;
  return {
    src: picked.url,
    width,
    height,
    srcSet: candidates.length > 1 ? candidates.map((image) => `${image.url} ${widthOf(image)}w`).join(', ') : '',
    aspectRatio: `${width} / ${height}`,
  };
}

/** The smallest image at least `minWidth` wide, else the widest one. */
function smallestAtLeast(images: readonly ImageLike[], minWidth: number): ImageLike | undefined {
  const wide = images.filter((image) => widthOf(image) >= minWidth).sort((a, b) => widthOf(a) - widthOf(b));
  return wide[0] ?? widest(images);
}

function widest(images: readonly ImageLike[]): ImageLike | undefined {
  return [...images].sort((a, b) => widthOf(b) - widthOf(a))[0];
}

/** SPEC §2: a list thumbnail prefers a width of at least 640 (16_9 first, as lists are landscape). */
export function pickListThumbnail(images: readonly ImageLike[] | null | undefined): ImageChoice | undefined {
  const all = usable(images);
  const landscape = all.filter((image) => image.ratio === '16_9');
  const picked =
    smallestAtLeast(
      landscape.some((image) => widthOf(image) >= LIST_THUMBNAIL_MIN_WIDTH) ? landscape : all,
      LIST_THUMBNAIL_MIN_WIDTH,
    ) ?? undefined;
  return picked ? toChoice(picked, all) : undefined;
}

/** SPEC §2: an event thumbnail prefers ratio 4_3, then 16_9, then anything. */
export function pickEventThumbnail(images: readonly ImageLike[] | null | undefined): ImageChoice | undefined {
  const all = usable(images);
  for (const ratio of ['4_3', '16_9']) {
    const matching = all.filter((image) => image.ratio === ratio);
    const picked = smallestAtLeast(matching, LIST_THUMBNAIL_MIN_WIDTH);
    if (picked) return toChoice(picked, all);
  }
  const picked = smallestAtLeast(all, LIST_THUMBNAIL_MIN_WIDTH);
  return picked ? toChoice(picked, all) : undefined;
}

/** SPEC §2: the hero image is the widest 16_9 (the widest of any ratio when none is 16_9). */
export function pickHeroImage(images: readonly ImageLike[] | null | undefined): ImageChoice | undefined {
  const all = usable(images);
  const picked = widest(all.filter((image) => image.ratio === '16_9')) ?? widest(all);
  return picked ? toChoice(picked, all) : undefined;
}
