import type { ImageChoice } from '~/lib/images';

/**
 * An image from the catalogue with its space reserved (width, height and aspect ratio), a
 * srcset of the other widths of its ratio, and a quiet gradient while it loads or when the
 * item has no image, so nothing shifts when it arrives.
 */
export function CatalogueImage({
  image,
  alt,
  sizes,
  className = '',
  priority = false,
  fallbackLabel,
}: {
  image: ImageChoice | undefined;
  alt: string;
  sizes: string;
  className?: string;
  /** Above the fold: load eagerly with high priority (largest contentful paint). */
  priority?: boolean;
  /** Shown on the placeholder when there is no image (usually the name's initials). */
  fallbackLabel?: string;
}) {
  if (!image) {
    const initialsTile = fallbackLabel && (
      <span aria-hidden="true" className="text-2xl font-black tracking-tight text-brand-700/70">
        {initials(fallbackLabel)}
      </span>
    );
    const tileClass = `grid place-items-center bg-gradient-to-br from-brand-200 via-brand-100 to-amber-100 ${className}`;
    return alt ? (
      <div role="img" aria-label={alt} className={tileClass}>
        {initialsTile}
      </div>
    ) : (
      <div className={tileClass}>{initialsTile}</div>
    );
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`bg-slate-200 object-cover ${className}`}
    />
  );
}

export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => [...word][0]?.toUpperCase() ?? '')
      .join('') || '♪'
  );
}
