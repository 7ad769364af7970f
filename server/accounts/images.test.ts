import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '#contracts/accounts';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { ImageRejected, processImage } from './images.ts';
import { productionTestAuth } from './test-keys.ts';

const PROJECT = 'encore-images-test';
let database: Database;
let app: FastifyInstance;
let tokens: Awaited<ReturnType<typeof productionTestAuth>>;

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = await productionTestAuth(PROJECT);
  const services = testServices(database, { FIREBASE_PROJECT_ID: PROJECT }, { auth: tokens.auth });
  app = await buildApi(services);
  for (const uid of ['u-pic', 'u-bomb']) {
    const token = tokens.mint(uid);
    const registered = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization: `Bearer ${token}` },
      payload: { uid, email: `${uid}@example.test`, displayName: null, image: null, token, pushNotificationToken: '' },
    });
    expect(registered.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await tokens?.close();
});

/** A PNG whose header declares `width`×`height`: a few hundred bytes, billions of pixels. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const ihdr = png.subarray(12, 29); // "IHDR" + 13 bytes of data
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  png.writeUInt32BE(crc32(ihdr), 29);
  return png;
}

/** Noise compresses badly: large files from modest dimensions. */
async function noisyJpeg(width: number, height: number, quality = 100) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

const put = (uid: string, body: Buffer, type = 'image/png') =>
  app.inject({
    method: 'PUT',
    url: '/api/accounts/me/image',
    headers: { authorization: `Bearer ${tokens.mint(uid)}`, 'content-type': type },
    payload: body,
  });

describe('picture checks', () => {
  it('refuses a decompression bomb from its header with a 400 naming the field', async () => {
    const bomb = await pngDeclaring(40_000, 40_000);
    expect(bomb.length).toBeLessThan(200);
    const response = await put('u-bomb', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'image_too_many_pixels',
      field: 'image',
      message: 'image: the picture is 40000×40000 pixels; at most 12000 pixels a side and 50 megapixels',
    });
    const wide = await put('u-bomb', await pngDeclaring(20_000, 10));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.field).toBe('image');
  });

  it('refuses a file with a picture signature and garbage after it', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const response = await put('u-bomb', fake);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_image', field: 'image' });
  });

  it('applies SPEC §5: larger pictures redrawn within 1000×1000, a PNG over 5,000,000 bytes as JPEG, GIFs untouched', async () => {
    const large = await processImage(await noisyJpeg(3000, 1500));
    expect(large).toMatchObject({ contentType: 'image/jpeg', width: 1000, height: 500 });
    expect((await sharp(large.bytes).metadata()).width).toBe(1000);

    const bigPng = await sharp(randomBytes(1300 * 1300 * 3), { raw: { width: 1300, height: 1300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bigPng.length).toBeGreaterThan(5_000_000);
    expect(await processImage(bigPng)).toMatchObject({ contentType: 'image/jpeg', width: 1000, height: 1000 });

    const gif = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const kept = await processImage(gif);
    expect(kept.contentType).toBe('image/gif');
    expect(kept.bytes.equals(gif)).toBe(true);

    await expect(processImage(Buffer.from('<svg/>'))).rejects.toBeInstanceOf(ImageRejected);
  });
});

describe('a 4 MiB upload', () => {
  it('is processed off the request thread: the server answers /api/health while it runs', async () => {
    // A valid JPEG just under the limit: noise at the highest quality that fits.
    let body = await noisyJpeg(2400, 1800);
    for (let quality = 99; body.length > IMAGE_MAX_BYTES; quality -= 1) body = await noisyJpeg(2400, 1800, quality);
    expect(body.length).toBeGreaterThan(3.6 * 1024 * 1024);

    // Order, not time: if decoding and storing ran on the event loop, the health check sent
    // after the upload could not be answered before the upload's answer.
    const order: string[] = [];
    const upload = put('u-pic', body, 'image/jpeg').then((r) => {
      order.push('upload');
      return r;
    });
    const health = app.inject('/api/health').then((r) => {
      order.push('health');
      return r;
    });
    const [uploaded, healthy] = await Promise.all([upload, health]);
    expect(healthy.statusCode).toBe(200);
    expect(order).toEqual(['health', 'upload']);
    expect(uploaded.statusCode).toBe(200);
    const served = await app.inject(uploaded.json().image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1000);
  });
});
