import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedResponse, pickEncoding } from './compress.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('compressedResponse', () => {
  const page = `<!DOCTYPE html><html><body>${'<p>Live events near you</p>'.repeat(200)}</body></html>`;
  let url = '';
  /** Resolved by the streaming test's client once the page's head has reached it. */
  let headArrived: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    const out = compressedResponse(req, res);
    const type = req.url === '/image' ? 'image/png' : 'text/html; charset=utf-8';
    out.writeHead(200, ['Content-Type', type, 'Content-Length', String(page.length)]);
    if (req.url === '/streamed') {
      // The head in many small chunks in one turn, as React hands over a shell; the rest is
      // written only once the client has the head: a page still arrives as it is rendered.
      for (let at = 0; at < 1000; at += 100) out.write(new TextEncoder().encode(page.slice(at, at + 100)));
      headArrived.then(() => {
        out.write(new TextEncoder().encode(page.slice(1000)));
        out.end();
      });
      return;
    }
    if (req.url === '/whole') {
      // The whole page in one turn, as a page whose data was all there renders.
      for (let at = 0; at < page.length; at += 700) out.write(new TextEncoder().encode(page.slice(at, at + 700)));
      out.end();
      return;
    }
    // Streamed in two chunks, as React Router streams a page.
    out.write(new TextEncoder().encode(page.slice(0, 1000)));
    setTimeout(() => {
      out.write(new TextEncoder().encode(page.slice(1000)));
      out.end();
    }, 20);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ res: IncomingMessage; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        `${url}${path}`,
        { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('brotli-compresses HTML for a browser that accepts it', async () => {
    const { res, body } = await get('/', 'gzip, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-length']).toBeUndefined();
    expect(body.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
  });

  it('gzips for gzip-only clients and leaves others and binary types alone', async () => {
    const gz = await get('/', 'gzip');
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get('/');
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const image = await get('/image', 'br');
    expect(image.res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a page written whole in one turn as one body, brotli or gzip', async () => {
    const br = await get('/whole', 'br, gzip');
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get('/whole', 'gzip');
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get('/whole');
    expect(plain.body.toString()).toBe(page);
  });

  it('sends what was written in one turn without waiting for the end of the page', async () => {
    let arrived = () => {};
    headArrived = new Promise((resolve) => {
      arrived = resolve;
    });
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = httpRequest(`${url}/streamed`, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
        const decoded: Buffer[] = [];
        const brotli = zlib.createBrotliDecompress();
        brotli.on('data', (chunk: Buffer) => {
          decoded.push(chunk);
          if (Buffer.concat(decoded).length >= 1000) arrived();
        });
        brotli.on('end', () => resolve(Buffer.concat(decoded)));
        res.pipe(brotli);
      });
      req.on('error', reject);
      req.end();
    });
    expect(body.toString()).toBe(page);
  });
});
