/**
 * Page metadata: title, description, canonical link, Open Graph and Twitter card tags, and
 * JSON-LD serialized so catalogue text can never close the script element.
 */
export const SITE_NAME = 'Encore';

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string };

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Trims text for a description: whole words, at most `max` characters, with an ellipsis. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function pageMeta({
  title,
  description,
  origin,
  path,
  image,
  type = 'website',
}: {
  title: string;
  description: string;
  origin?: string;
  path?: string;
  image?: string;
  type?: string;
}): MetaTag[] {
  const tags: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (origin && path) {
    const url = absoluteUrl(origin, path);
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  if (image && origin) tags.push({ property: 'og:image', content: absoluteUrl(origin, image) });
  return tags;
}

/**
 * JSON for a <script type="application/ld+json">: `<`, `>` and `&` become \u escapes, so a
 * name like `</script><script>…` stays data; U+2028/2029 are escaped for old parsers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
