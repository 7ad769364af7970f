import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageType } from '#contracts/accounts';

/**
 * The picture's real type from its first bytes. The declared Content-Type is never trusted:
 * a file that is not one of these four (SVG with script, HTML, anything) is refused.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (
    bytes.length >= 6 &&
    starts(0x47, 0x49, 0x46, 0x38) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return 'image/gif';
  }
  if (
    bytes.length >= 12 &&
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * Profile pictures (ADR 0017). Checks and processing never run on the request thread: sharp
 * reads headers and decodes in libvips threads of the libuv pool, and the result is written to
 * a file with the async fs API (embedded PGlite blocked the whole server 4–9 s to store 4 MiB
 * in a bytea column).
 */

/** Refused before any pixel is decoded: a tiny file may declare gigapixels (a decompression bomb). */
export const IMAGE_MAX_SIDE_PX = 12_000;
export const IMAGE_MAX_PIXELS = 50_000_000;
/** SPEC §5/§9 image rules, as the browser applies them (app/lib/auth/image.ts). */
export const IMAGE_OUTPUT_MAX_SIDE = 1000;
export const IMAGE_QUALITY = 80;
export const PNG_TO_JPEG_BYTES = 5_000_000;

// One libvips thread per picture and no operation cache: the server shares two cores with
// every other request, and pictures are seldom processed twice.
sharp.concurrency(1);
sharp.cache(false);

export class ImageRejected extends Error {
  constructor(
    readonly status: 400 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export type ProcessedImage = { contentType: ImageType; bytes: Buffer; width: number; height: number };

/**
 * The picture to store: its real type from its bytes, its dimensions from its header (bombs
 * refused there), then SPEC §5's rules: GIFs as they are (they may be animated); others
 * larger than 1000×1000 redrawn within it at quality 0.8; a PNG over 5,000,000 bytes becomes
 * a JPEG. Pictures already within the rules (the browser compresses before upload) are kept
 * byte for byte.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = sniffImageType(input);
  if (!type)
    throw new ImageRejected(415, 'unsupported_image_type', 'The picture must be a JPEG, PNG, GIF or WebP file');
  let width: number;
  let height: number;
  try {
    // Header only: no pixel is decoded here.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    throw new ImageRejected(400, 'invalid_image', 'image: the picture could not be read');
  }
  if (!width || !height) throw new ImageRejected(400, 'invalid_image', 'image: the picture has no dimensions');
  if (width > IMAGE_MAX_SIDE_PX || height > IMAGE_MAX_SIDE_PX || width * height > IMAGE_MAX_PIXELS) {
    throw new ImageRejected(
      400,
      'image_too_many_pixels',
      `image: the picture is ${width}×${height} pixels; at most ${IMAGE_MAX_SIDE_PX} pixels a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
    );
  }
  if (type === 'image/gif') return { contentType: type, bytes: input, width, height };
  const toJpeg = type === 'image/png' && input.length > PNG_TO_JPEG_BYTES;
  if (!toJpeg && width <= IMAGE_OUTPUT_MAX_SIDE && height <= IMAGE_OUTPUT_MAX_SIDE) {
    return { contentType: type, bytes: input, width, height };
  }
  try {
    let pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_OUTPUT_MAX_SIDE, IMAGE_OUTPUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const output: ImageType = toJpeg ? 'image/jpeg' : type;
    if (output === 'image/jpeg') {
      // JPEG has no transparency: white where a PNG was see-through, as the browser does.
      pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_QUALITY, mozjpeg: true });
    } else if (output === 'image/png') {
      pipeline = pipeline.png({ quality: IMAGE_QUALITY, compressionLevel: 9 });
    } else {
      pipeline = pipeline.webp({ quality: IMAGE_QUALITY });
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { contentType: output, bytes: data, width: info.width, height: info.height };
  } catch {
    throw new ImageRejected(400, 'invalid_image', 'image: the picture could not be read');
  }
}

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Pictures as files under DATA_DIR/images, named by a hash of the account and the content: a
 * new upload never overwrites a file a reader may be sending, and an account's old file can
 * be removed without touching another account's.
 */
export function imageStore(dataDir: string) {
  const dir = path.resolve(dataDir, 'images');
  return {
    /** Writes the picture (temporary name, then rename: readers never see half a file). */
    async put(uid: string, image: { contentType: ImageType; bytes: Buffer }): Promise<string> {
      const hash = createHash('sha256').update(uid).update('\0').update(image.bytes).digest('hex');
      const file = `${hash}.${EXTENSIONS[image.contentType]}`;
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${file}.${process.pid}.${randomBytes(4).toString('hex')}`);
      await writeFile(temporary, image.bytes);
      await rename(temporary, path.join(dir, file));
      return file;
    },
    async get(file: string): Promise<Buffer | undefined> {
      if (!/^[0-9a-f]{64}\.(jpg|png|gif|webp)$/.test(file)) return undefined;
      return readFile(path.join(dir, file)).catch(() => undefined);
    },
    /** Removes a file no account refers to any more. */
    async remove(file: string | null | undefined): Promise<void> {
      if (!file || !/^[0-9a-f]{64}\.(jpg|png|gif|webp)$/.test(file)) return;
      await rm(path.join(dir, file), { force: true });
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
