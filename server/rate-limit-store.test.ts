import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { hit, rateLimitStorage } from './rate-limit-store.ts';
import { createTestDatabase } from './testing/test-db.ts';

let database: Database;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Two nodes counting in one database, as two servers on one PostgreSQL server do.
  const shared = { ...database, kind: 'postgres' as const };
  for (let i = 0; i < 2; i++) {
    const node = Fastify();
    await node.register(rateLimit, { global: false, ...rateLimitStorage(shared) });
    node.post('/pictures', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    node.get('/other', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    await node.ready();
    nodes.push(node);
  }
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await database.close();
});

describe('rate limits shared by every node (issue 17)', () => {
  it('accepts 10 of 24 uploads a minute sent through two nodes in turn', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const response = await nodes[i % 2]!.inject({ method: 'POST', url: '/pictures', remoteAddress: '10.0.0.7' });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    const refused = await nodes[0]!.inject({ method: 'POST', url: '/pictures', remoteAddress: '10.0.0.7' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts each route and each client apart', async () => {
    expect((await nodes[1]!.inject({ url: '/other', remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    const other = await nodes[1]!.inject({ method: 'POST', url: '/pictures', remoteAddress: '10.0.0.8' });
    expect(other.statusCode).toBe(200);
  });

  it('counts concurrent requests once each', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => hit(database.db, 'concurrent', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('starts a new window once the last one has ended', async () => {
    expect((await hit(database.db, 'ended', 0)).current).toBe(1);
    expect((await hit(database.db, 'ended', 0)).current).toBe(1);
  });
});
