import type { FastifyPluginAsync } from 'fastify';
import type { CatalogueImage } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { createRng, hash32, type Rng } from './demo/rng.ts';
import { searchText } from './text.ts';

/**
 * Artwork for the demo catalogue, drawn by us as SVG and served under /api/images: no
 * external image host. The URL names everything the picture depends on (renderer version,
 * theme, the entity's name as a slug, ratio and width), so one URL is always the same bytes
 * and may be cached for a year; a renamed entity gets a new URL.
 *
 *   /api/images/v1/{theme}/{slug}/{ratio}_{width}.svg   e.g. /api/images/v1/music/the-velvet-owls/16_9_640.svg
 */

export const IMAGE_THEMES = ['music', 'sports', 'arts', 'film', 'misc', 'venue'] as const;
export type ImageTheme = (typeof IMAGE_THEMES)[number];
export type ImageRatio = CatalogueImage['ratio'];

/** Widths served per ratio: the sizes the Discovery API publishes (SPEC §2 picks among them). */
export const IMAGE_WIDTHS: Record<ImageRatio, readonly number[]> = {
  '16_9': [100, 205, 640, 1024, 1136, 2048],
  '3_2': [305, 640, 1024],
  '4_3': [305, 640, 1024],
};

/**
 * The set stored on each demo entity: list thumbnails (≥ 640 wide), the event thumbnail's
 * preferred 4_3, and the widest 16_9 for hero pages (SPEC §2 Images).
 */
const STORED: readonly [ImageRatio, number][] = [
  ['16_9', 640],
  ['16_9', 1024],
  ['16_9', 2048],
  ['3_2', 640],
  ['3_2', 1024],
  ['4_3', 640],
];

const RATIO_PARTS: Record<ImageRatio, [number, number]> = { '16_9': [16, 9], '3_2': [3, 2], '4_3': [4, 3] };
const VERSION = 'v1';
const MAX_SLUG = 80;

export function imageHeight(ratio: ImageRatio, width: number): number {
  const [w, h] = RATIO_PARTS[ratio];
  return Math.round((width * h) / w);
}

/** URL-safe form of a name: accent-free lower-case words joined by hyphens. */
export function imageSlug(name: string): string {
  const slug = searchText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug || 'encore';
}

export function imageUrl(theme: ImageTheme, name: string, ratio: ImageRatio, width: number): string {
  return `/api/images/${VERSION}/${theme}/${imageSlug(name)}/${ratio}_${width}.svg`;
}

/** The images jsonb of a demo entity (relative URLs, `fallback: false` as Discovery marks real art). */
export function imageSet(theme: ImageTheme, name: string): CatalogueImage[] {
  const slug = imageSlug(name);
  return STORED.map(([ratio, width]) => ({
    ratio,
    width,
    height: imageHeight(ratio, width),
    url: `/api/images/${VERSION}/${theme}/${slug}/${ratio}_${width}.svg`,
    fallback: false,
  }));
}

// ─── Renderer ────────────────────────────────────────────────────────────────

type Palette = { from: string; to: string; accent: string; ink: string };

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;

/** Hue ranges give each theme a recognisable mood while every name gets its own colours. */
const THEME_HUES: Record<ImageTheme, [number, number]> = {
  music: [250, 340],
  sports: [190, 250],
  arts: [330, 390],
  film: [200, 280],
  misc: [0, 55],
  venue: [200, 260],
};

function palette(theme: ImageTheme, rng: Rng): Palette {
  const [lo, hi] = THEME_HUES[theme];
  const hue = lo + rng.next() * (hi - lo);
  const shift = 25 + rng.next() * 70;
  return {
    from: hsl(hue, 60 + rng.int(0, 20), 22 + rng.int(0, 10)),
    to: hsl(hue + shift, 65 + rng.int(0, 20), 38 + rng.int(0, 10)),
    accent: hsl(hue + shift + 150, 80, 62),
    ink: '#ffffff',
  };
}

function initials(slug: string): string {
  const words = slug.split('-').filter((w) => w && !['the', 'and', 'of', 'a', 'vs', 'feat', 'with'].includes(w));
  const letters = (words.length > 0 ? words : slug.split('-')).slice(0, 2).map((w) => w[0] ?? '');
  return letters.join('').toUpperCase() || 'E';
}

function title(slug: string): string {
  return slug
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

function motif(theme: ImageTheme, rng: Rng, w: number, h: number, p: Palette): string {
  const parts: string[] = [];
  switch (theme) {
    case 'music': {
      const cx = w * (0.55 + rng.next() * 0.35);
      const cy = h * (0.3 + rng.next() * 0.4);
      for (let i = 1; i <= 6; i++) {
        parts.push(
          `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(h * 0.09 * i)}" fill="none" stroke="${p.accent}" stroke-opacity="${f(0.5 - i * 0.06)}" stroke-width="${f(h * 0.012)}"/>`,
        );
      }
      const bars = 28;
      const bw = w / bars;
      for (let i = 0; i < bars; i++) {
        const bh = h * (0.08 + rng.next() * 0.3);
        parts.push(
          `<rect x="${f(i * bw + bw * 0.15)}" y="${f(h - bh)}" width="${f(bw * 0.7)}" height="${f(bh)}" rx="${f(bw * 0.2)}" fill="${p.ink}" fill-opacity="0.12"/>`,
        );
      }
      break;
    }
    case 'sports': {
      const angle = -20 - rng.int(0, 20);
      parts.push(
        `<g transform="rotate(${angle} ${f(w / 2)} ${f(h / 2)})">` +
          [0, 1, 2]
            .map(
              (i) =>
                `<rect x="${f(-w * 0.5)}" y="${f(h * (0.25 + i * 0.14))}" width="${f(w * 2)}" height="${f(h * 0.07)}" fill="${i === 1 ? p.accent : p.ink}" fill-opacity="${i === 1 ? '0.55' : '0.12'}"/>`,
            )
            .join('') +
          '</g>',
      );
      const r = h * (0.22 + rng.next() * 0.1);
      parts.push(
        `<circle cx="${f(w * 0.82)}" cy="${f(h * 0.22)}" r="${f(r)}" fill="none" stroke="${p.ink}" stroke-opacity="0.18" stroke-width="${f(h * 0.02)}"/>`,
      );
      break;
    }
    case 'arts': {
      const folds = 7;
      for (let i = 0; i < folds; i++) {
        const x = (w / folds) * i;
        parts.push(
          `<path d="M${f(x)} 0 Q${f(x + w / folds / 2)} ${f(h * 0.18)} ${f(x + w / folds)} 0 Z" fill="${p.accent}" fill-opacity="${f(0.25 + (i % 2) * 0.15)}"/>`,
        );
      }
      const sx = w * (0.3 + rng.next() * 0.4);
      parts.push(
        `<path d="M${f(sx)} 0 L${f(sx - w * 0.28)} ${f(h)} L${f(sx + w * 0.28)} ${f(h)} Z" fill="${p.ink}" fill-opacity="0.08"/>`,
        `<ellipse cx="${f(sx)}" cy="${f(h * 0.96)}" rx="${f(w * 0.3)}" ry="${f(h * 0.06)}" fill="${p.ink}" fill-opacity="0.1"/>`,
      );
      break;
    }
    case 'film': {
      const band = h * 0.14;
      for (const y of [h * 0.06, h - h * 0.06 - band]) {
        parts.push(`<rect x="0" y="${f(y)}" width="${f(w)}" height="${f(band)}" fill="#000" fill-opacity="0.45"/>`);
        const holes = 24;
        for (let i = 0; i < holes; i++) {
          parts.push(
            `<rect x="${f((w / holes) * i + w / holes / 4)}" y="${f(y + band * 0.3)}" width="${f(w / holes / 2)}" height="${f(band * 0.4)}" rx="${f(band * 0.08)}" fill="${p.ink}" fill-opacity="0.5"/>`,
          );
        }
      }
      break;
    }
    case 'misc': {
      for (let i = 0; i < 36; i++) {
        const x = rng.next() * w;
        const y = rng.next() * h;
        const r = h * (0.01 + rng.next() * 0.035);
        parts.push(
          rng.chance(0.5)
            ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${rng.chance(0.5) ? p.accent : p.ink}" fill-opacity="${f(0.2 + rng.next() * 0.4)}"/>`
            : `<rect x="${f(x)}" y="${f(y)}" width="${f(r * 1.6)}" height="${f(r * 0.7)}" transform="rotate(${rng.int(0, 180)} ${f(x)} ${f(y)})" fill="${p.accent}" fill-opacity="${f(0.3 + rng.next() * 0.4)}"/>`,
        );
      }
      break;
    }
    case 'venue': {
      parts.push(
        `<circle cx="${f(w * (0.15 + rng.next() * 0.7))}" cy="${f(h * 0.22)}" r="${f(h * 0.09)}" fill="${p.accent}" fill-opacity="0.7"/>`,
      );
      let x = 0;
      while (x < w) {
        const bw = w * (0.04 + rng.next() * 0.07);
        const bh = h * (0.2 + rng.next() * 0.45);
        parts.push(
          `<rect x="${f(x)}" y="${f(h - bh)}" width="${f(bw + 1)}" height="${f(bh)}" fill="#000" fill-opacity="0.35"/>`,
        );
        for (let wy = h - bh + h * 0.04; wy < h - h * 0.05; wy += h * 0.06) {
          if (rng.chance(0.4)) {
            parts.push(
              `<rect x="${f(x + bw * 0.25)}" y="${f(wy)}" width="${f(bw * 0.5)}" height="${f(h * 0.025)}" fill="${p.accent}" fill-opacity="0.45"/>`,
            );
          }
        }
        x += bw;
      }
      break;
    }
  }
  return parts.join('');
}

/** The SVG document for one image; pure and deterministic. */
export function renderArtwork(theme: ImageTheme, slug: string, ratio: ImageRatio, width: number): string {
  const height = imageHeight(ratio, width);
  const rng = createRng(hash32(`${theme}/${slug}`));
  const p = palette(theme, rng);
  // Drawn on a fixed 1600-wide canvas; width/height give the intrinsic size clients lay out.
  const w = 1600;
  const h = imageHeight(ratio, w);
  const angle = rng.int(0, 359);
  const text = initials(slug);
  const size = h * (text.length > 1 ? 0.42 : 0.5);
  const name = title(slug);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.3" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    motif(theme, rng, w, h, p) +
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    `<text x="${f(w / 2 + h * 0.012)}" y="${f(h / 2 + h * 0.012)}" dominant-baseline="central" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="800" font-size="${f(size)}" letter-spacing="${f(size * 0.04)}" fill="#000" fill-opacity="0.25">${text}</text>` +
    `<text x="${f(w / 2)}" y="${f(h / 2)}" dominant-baseline="central" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="800" font-size="${f(size)}" letter-spacing="${f(size * 0.04)}" fill="${p.ink}" fill-opacity="0.94">${text}</text>` +
    '</svg>'
  );
}

// ─── Route ───────────────────────────────────────────────────────────────────

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /^(16_9|3_2|4_3)_(\d{1,4})\.svg$/;

/**
 * GET /api/images/v1/{theme}/{slug}/{ratio}_{width}.svg. A malformed path is a 400, a
 * well-formed one we do not draw (unknown theme, ratio or width) a 404; both in the API's
 * JSON error shape. The SVG never runs script (CSP) and is never sniffed as anything else.
 */
export const imagesRoutes: FastifyPluginAsync = async (api) => {
  api.get<{ Params: { version: string; theme: string; slug: string; file: string } }>(
    '/images/:version/:theme/:slug/:file',
    async (request, reply) => {
      const { version, theme, slug, file } = request.params;
      const path = `/api/images/${version}/${theme}/${slug}/${file}`;
      const match = FILE.exec(file);
      if (!SLUG.test(slug) || slug.length > MAX_SLUG || !match) {
        const field = !match ? 'file' : 'slug';
        throw new ApiError(400, 'invalid_image_path', `${field}: not an image path: ${path}`, field);
      }
      const ratio = match[1] as ImageRatio;
      const width = Number(match[2]);
      if (version !== VERSION || !(IMAGE_THEMES as readonly string[]).includes(theme)) {
        throw new ApiError(404, 'not_found', `No image at ${path}`);
      }
      if (!IMAGE_WIDTHS[ratio].includes(width)) {
        throw new ApiError(
          404,
          'not_found',
          `No image at ${path}: ${ratio} comes in widths ${IMAGE_WIDTHS[ratio].join(', ')}`,
        );
      }
      const etag = `"${VERSION}-${hash32(`${theme}/${slug}/${ratio}/${width}`).toString(36)}"`;
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(renderArtwork(theme as ImageTheme, slug, ratio, width));
    },
  );
};
