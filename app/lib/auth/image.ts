/**
 * SPEC §5/§9 picture compression, in the browser before upload: GIFs are left alone (they
 * may be animated); others are redrawn at quality 0.8 within 1000×1000; a PNG above
 * 5,000,000 bytes becomes a JPEG.
 */
export const IMAGE_MAX_SIDE = 1000;
export const IMAGE_QUALITY = 0.8;
export const PNG_TO_JPEG_BYTES = 5_000_000;

export function targetSize(width: number, height: number, max = IMAGE_MAX_SIDE) {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The type we encode to; undefined means "upload the file as it is". */
export function outputType(type: string, size: number): string | undefined {
  if (type === 'image/gif') return undefined;
  if (type === 'image/png') return size > PNG_TO_JPEG_BYTES ? 'image/jpeg' : 'image/png';
  if (type === 'image/webp') return 'image/webp';
  return 'image/jpeg';
}

export class ImageReadError extends Error {
  constructor() {
    super('This file could not be read as a picture. Choose a JPEG, PNG, GIF or WebP image.');
    this.name = 'ImageReadError';
  }
}

export async function compressImage(file: Blob): Promise<Blob> {
  const type = outputType(file.type, file.size);
  if (!type) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageReadError();
  }
  const { width, height } = targetSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageReadError();
  if (type === 'image/jpeg') {
    // JPEG has no transparency: paint white where a PNG was see-through, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, IMAGE_QUALITY));
  if (!blob) throw new ImageReadError();
  return blob;
}
