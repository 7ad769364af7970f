import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from './app.ts';
import type { Database } from './db/client.ts';
import { testServices } from './testing/services.ts';
import { createTestDatabase } from './testing/test-db.ts';

let database: Database;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApi(testServices(database, {}, { logger: pino({ level: 'info' }, sink) }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('the access log', () => {
  it('writes one line a request, with what was asked, the answer and its time', async () => {
    const response = await app.inject('/api/health?probe=1');
    expect(response.statusCode).toBe(200);
    const reqId = response.headers['x-request-id'] as string;
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        method: 'GET',
        url: '/api/health?probe=1',
        statusCode: 200,
        remoteAddress: '127.0.0.1',
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('logs a refused request with its status', async () => {
    const response = await app.inject('/api/events/search?keyword=%00');
    expect(response.statusCode).toBe(400);
    const reqId = response.headers['x-request-id'] as string;
    expect(linesOf(reqId).map(({ msg, statusCode }) => ({ msg, statusCode }))).toContainEqual({
      msg: 'request completed',
      statusCode: 400,
    });
  });

  it.each([
    ['a target that is not valid percent-encoding', '/api/events/%E9'],
    ['a path parameter longer than the router takes', `/api/events/${'a'.repeat(3000)}`],
  ])('logs %s, which the router refuses before any route', async (_, url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(400);
    const reqId = response.headers['x-request-id'] as string;
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'GET', url, statusCode: 400 }),
    ]);
  });
});
