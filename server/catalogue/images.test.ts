import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testServices } from '../testing/services.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { imageSet, imageSlug, imageUrl, renderArtwork } from './images.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApi(testServices(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const svgSize = (svg: string) => {
  const m = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
};

describe('image URLs', () => {
  it('are relative, readable and carry ratio, width, height and fallback', () => {
    expect(imageSlug('Sigur Rós & The Night Owls!')).toBe('sigur-ros-the-night-owls');
    expect(imageUrl('music', 'The Velvet Owls', '16_9', 640)).toBe('/api/images/v1/music/the-velvet-owls/16_9_640.svg');
    const set = imageSet('sports', 'Chicago Comets');
    expect(set).toContainEqual({
      ratio: '16_9',
      width: 2048,
      height: 1152,
      url: '/api/images/v1/sports/chicago-comets/16_9_2048.svg',
      fallback: false,
    });
    expect(set.map((i) => i.ratio)).toEqual(expect.arrayContaining(['16_9', '3_2', '4_3']));
    for (const image of set) expect(image.width).toBeGreaterThanOrEqual(640);
  });
});

describe('GET /api/images/…', () => {
  it('serves SVG artwork with its intrinsic size and a one-year immutable cache', async () => {
    for (const image of imageSet('music', 'The Velvet Owls')) {
      const response = await app.inject(image.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(svgSize(response.body)).toEqual({ width: image.width, height: image.height });
      expect(response.body).toContain('>VO</text>');
      expect(response.body).toContain('<title>The Velvet Owls</title>');
    }
  });

  it('draws the same picture for the same name and a different one for another', async () => {
    const a = await app.inject('/api/images/v1/venue/city-arena/3_2_640.svg');
    const again = await app.inject('/api/images/v1/venue/city-arena/3_2_640.svg');
    const b = await app.inject('/api/images/v1/venue/harbor-hall/3_2_640.svg');
    expect(a.body).toBe(again.body);
    expect(a.body).not.toBe(b.body);
    expect(renderArtwork('venue', 'city-arena', '3_2', 640)).toBe(a.body);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject('/api/images/v1/arts/the-glass-menagerie/4_3_305.svg');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await app.inject({
      url: '/api/images/v1/arts/the-glass-menagerie/4_3_305.svg',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers 404 in JSON for images we do not draw', async () => {
    for (const path of [
      '/api/images/v1/music/the-velvet-owls/16_9_641.svg',
      '/api/images/v1/opera/the-velvet-owls/16_9_640.svg',
      '/api/images/v2/music/the-velvet-owls/16_9_640.svg',
      '/api/images/v1/music/the-velvet-owls',
    ]) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/json/);
      expect(response.json().error.code, path).toBe('not_found');
    }
  });

  it('answers 400 in JSON for malformed paths', async () => {
    for (const path of [
      '/api/images/v1/music/The_Velvet_Owls/16_9_640.svg',
      '/api/images/v1/music/the-velvet-owls/16_9_640.png',
      '/api/images/v1/music/%3Cscript%3E/16_9_640.svg',
      `/api/images/v1/music/${'a'.repeat(81)}/16_9_640.svg`,
      '/api/images/v1/music/the-velvet-owls/21_9_640.svg',
    ]) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.code, path).toBe('invalid_image_path');
    }
  });
});
