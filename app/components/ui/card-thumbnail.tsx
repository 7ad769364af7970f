import type { ImageChoice } from '~/lib/images';
import { CatalogueImage } from '../catalogue-image';

/** Artists are round, events landscape (4:3); each size reserves its box before the image loads. */
const SHAPES = {
  artist: { className: 'h-12 w-12 rounded-full', sizes: '48px' },
  event: { className: 'aspect-[4/3] h-12 w-16 rounded-lg', sizes: '64px' },
  'event-large': { className: 'aspect-[4/3] h-18 w-24 rounded-lg', sizes: '96px' },
} as const;

/**
 * The small picture of a list row or a suggestion: the catalogue image, or the name's
 * initials on the brand gradient when there is none. Decorative: the row names the item.
 */
export function CardThumbnail({
  image,
  name,
  shape,
  className = '',
}: {
  image: ImageChoice | undefined;
  name: string;
  shape: keyof typeof SHAPES;
  className?: string;
}) {
  const { className: box, sizes } = SHAPES[shape];
  return (
    <CatalogueImage
      image={image}
      alt=""
      sizes={sizes}
      fallbackLabel={name}
      className={`shrink-0 ${box} ${className}`}
    />
  );
}
