import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/**
 * Compression for the pages React Router streams straight to the socket (Fastify's hooks,
 * and so @fastify/compress, do not see hijacked replies). Brotli at a light level or gzip.
 * Pages are 5–8× smaller on the wire, which is most of a phone's first paint on a slow network.
 *
 * Streamed HTML must still arrive as it is rendered, but React hands a page over in a few
 * dozen small chunks within the same turn of the event loop: flushing the compressor after
 * each one cost twice the CPU of the whole page compressed at once, and a larger answer
 * (ADR 0034), and even unflushed, each chunk is a call into zlib of its own. The chunks of a
 * turn are joined and handed over as one, then flushed (ADR 0041).
 * The fastest levels (Brotli quality 1, gzip 1): each rendered page is compressed once, for
 * one visitor, so CPU counts more than the last bytes. Measured on this server under 8
 * clients (ADR 0053), a fresh encoder's tables are what costs: Brotli 2 and 3 took 2–3 ms of
 * CPU a page (more than the render's React work), quality 1 0.2 ms, for 9 % more bytes than
 * quality 2. The page cache keeps quality 5 for pages asked for again.
 *
 * FAST_BROTLI and FAST_GZIP: a rendered page's answer for one visitor and the page cache's
 * first answer; FAST_BROTLI also for a search answer, compressed once and kept
 * (server/catalogue/routes.ts).
 */
export const FAST_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
export const FAST_GZIP: zlib.ZlibOptions = { level: 1 };

/**
 * Brotli told the size of what it compresses sizes its window and tables to it, not to 4 MB:
 * the same bytes for less work, on whichever thread. On a 34 KB artist page at quality 1,
 * eight at a time on libuv's threads: 200 µs of the request thread a page instead of 350 µs
 * (the stream, its buffers and callbacks), and 170 µs of compression instead of 260 µs.
 */
export function sizeHinted(options: zlib.BrotliOptions, length: number): zlib.BrotliOptions {
  return { ...options, params: { ...options.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length } };
}

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-component)|image\/svg\+xml)/i;
export const MIN_BYTES = 1024;

export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''))
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** What the fetch-style request listener needs of a response, compressing when worth it. */
export function compressedResponse(req: IncomingMessage, res: ServerResponse) {
  let zip: zlib.BrotliCompress | zlib.Gzip | undefined;
  let flushing: NodeJS.Immediate | undefined;
  let turn: Uint8Array[] = [];
  const handOver = () => {
    if (turn.length === 0) return;
    zip?.write(turn.length === 1 ? turn[0] : Buffer.concat(turn));
    turn = [];
  };
  const flush = () => {
    flushing = undefined;
    handOver();
    zip?.flush();
  };
  return {
    on: (event: 'close', listener: () => void) => res.on(event, listener),
    writeHead(status: number, rawHeaders: string[]) {
      const header = (name: string) => {
        for (let i = 0; i < rawHeaders.length; i += 2)
          if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
        return undefined;
      };
      const length = Number(header('content-length') ?? Number.POSITIVE_INFINITY);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (
        encoding &&
        req.method !== 'HEAD' &&
        status !== 204 &&
        status !== 304 &&
        !header('content-encoding') &&
        COMPRESSIBLE.test(header('content-type') ?? '') &&
        length >= MIN_BYTES
      ) {
        const kept: string[] = [];
        for (let i = 0; i < rawHeaders.length; i += 2) {
          if (rawHeaders[i]!.toLowerCase() !== 'content-length') kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
        }
        kept.push('Content-Encoding', encoding, 'Vary', 'Accept-Encoding');
        const headersOut = headerObject(kept);
        zip = encoding === 'br' ? zlib.createBrotliCompress(FAST_BROTLI) : zlib.createGzip(FAST_GZIP);
        zip.pipe(res);
        res.writeHead(status, headersOut);
        return;
      }
      res.writeHead(status, headerObject(rawHeaders));
    },
    write(chunk: Uint8Array) {
      if (!zip) return res.write(chunk);
      turn.push(chunk);
      flushing ??= setImmediate(flush);
      return true;
    },
    end() {
      if (flushing) clearImmediate(flushing);
      flushing = undefined;
      handOver();
      if (zip) zip.end();
      else res.end();
    },
  };
}

/**
 * Raw header pairs as the object writeHead merges with the headers already set on the
 * response (the security headers, server/security-headers.ts): a repeated name keeps every
 * value (Set-Cookie) and Vary lists are joined, where the flat form would keep only the last.
 */
export function headerObject(pairs: readonly string[]): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const names = new Map<string, string>();
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i]!;
    const value = pairs[i + 1]!;
    const key = names.get(name.toLowerCase());
    if (key === undefined) {
      names.set(name.toLowerCase(), name);
      out[name] = value;
    } else if (name.toLowerCase() === 'vary') {
      out[key] = `${out[key]}, ${value}`;
    } else {
      const existing = out[key];
      out[key] = [...(Array.isArray(existing) ? existing : [String(existing)]), value];
    }
  }
  return out;
}
