import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from './app.ts';
import type { Database } from './db/client.ts';
import { testServices } from './testing/services.ts';
import { createTestDatabase } from './testing/test-db.ts';

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

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it(`reports the database kind it ran on`, () => {
    expect(database.kind).toBe(process.env.ENCORE_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404, not a page', async () => {
    const response = await app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route GET /api/no-such-thing' } });
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const broken = await createTestDatabase();
    const brokenApp = await buildApi(testServices(broken));
    await broken.close();
    const response = await brokenApp.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await brokenApp.close();
  });
});
