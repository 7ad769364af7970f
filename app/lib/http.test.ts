import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildQuery, HttpError, request } from './http';

// A loopback server that answers a scripted list of statuses, so the real fetch path runs.
let server: Server;
let base: string;
let script: number[] = [];
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const status = script.shift() ?? 200;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(status < 400 ? { ok: true, method: req.method } : { error: { message: `nope ${status}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  hits = 0;
  script = [];
});

describe('request', () => {
  it('retries a read once on a retryable status', async () => {
    script = [503, 200];
    await expect(request(`${base}/x`)).resolves.toEqual({ ok: true, method: 'GET' });
    expect(hits).toBe(2);
  });

  it('gives up after one retry and raises the API message', async () => {
    script = [502, 502];
    const error = await request(`${base}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'bad-response', status: 502, message: 'nope 502' });
    expect(hits).toBe(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s', async (method) => {
    script = [503, 200];
    await expect(request(`${base}/x`, { method, body: {} })).rejects.toMatchObject({ status: 503 });
    expect(hits).toBe(1);
  });

  it('does not retry a 400 and reports it as a bad request', async () => {
    script = [400, 200];
    await expect(request(`${base}/x`)).rejects.toMatchObject({ kind: 'bad-request', status: 400 });
    expect(hits).toBe(1);
  });

  it('reports a refused connection as a network error', async () => {
    await expect(request('http://127.0.0.1:1/x', { retries: 0 })).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('buildQuery (SPEC §5)', () => {
  it('drops empty values and repeats arrays', () => {
    expect(buildQuery({ keyword: 'tay', size: 5, city: '', a: null, b: undefined, genres: ['rock', 'pop'] })).toBe(
      '?keyword=tay&size=5&genres=rock&genres=pop',
    );
    expect(buildQuery({ keyword: '' })).toBe('');
  });
});
