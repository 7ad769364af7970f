import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/**
 * Compression for the pages React Router streams straight to the socket (Fastify's hooks,
 * and so @fastify/compress, do not see hijacked replies). Brotli at a light level or gzip,
 * flushed after every chunk so streamed HTML still arrives as it is rendered. Pages are
 * 5–8× smaller on the wire, which is most of a phone's first paint on a slow network.
 */
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
        zip =
          encoding === 'br'
            ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : zlib.createGzip({ level: 6 });
        zip.pipe(res);
        res.writeHead(status, kept);
        return;
      }
      res.writeHead(status, rawHeaders);
    },
    write(chunk: Uint8Array) {
      if (!zip) return res.write(chunk);
      zip.write(chunk);
      zip.flush();
      return true;
    },
    end() {
      if (zip) zip.end();
      else res.end();
    },
  };
}
