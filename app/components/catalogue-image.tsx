import type { ImageChoice } from '~/lib/images';
import { useServerHtml } from './hydration';

/**
 * What a card image below the first screen shows until its download may start: a transparent
 * pixel (the box keeps its size and gradient; no alt text is drawn over it).
 */
const WAITING_SRC = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * Cards of a page whose images come with it (eager, high priority, preloaded): the first screen
 * on a phone. The page's other card images are `later` (ADR 0046): on a desktop two more of the
 * first row are grey for a moment after the load event, a few hundred milliseconds on a fast
 * link, the parts' code's round trip on a slow one, and never hold the connections a first tap
 * needs.
 */
export const PRELOADED_CARDS = 2;

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
  later = false,
  fallbackLabel,
}: {
  image: ImageChoice | undefined;
  alt: string;
  sizes: string;
  className?: string;
  /** Above the fold: load eagerly with high priority (largest contentful paint). */
  priority?: boolean;
  /**
   * Past what the page preloads: in the server's HTML its download waits for the page's code
   * (ADR 0046), so on a slow link it never holds a connection a first tap needs. Rendered in the
   * browser (a client navigation, a part once hydrated), it loads lazily as any other.
   */
  later?: boolean;
  /** Shown on the placeholder when there is no image (usually the name's initials). */
  fallbackLabel?: string;
}) {
  const serverHtml = useServerHtml();
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
  const waiting = later && serverHtml;
  const srcSet = image.srcSet || undefined;
  return (
    <img
      src={waiting ? WAITING_SRC : image.src}
      srcSet={waiting ? undefined : srcSet}
      data-src={waiting ? image.src : undefined}
      data-srcset={waiting ? srcSet : undefined}
      // The page's code may have started the download before this part hydrates.
      suppressHydrationWarning={waiting}
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
