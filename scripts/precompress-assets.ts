/**
 * The web build's files, compressed once at the end of `react-router build`
 * (react-router.config.ts) at the highest levels: `name.br` (Brotli 11) and `name.gz`
 * (gzip 9) beside each text file of MIN_BYTES or more, the hashed assets and the rest (the
 * service worker, the parts' file list). The server sends them as they are to a browser that
 * accepts them (@fastify/static's `preCompressed`, server/http.ts) and never compresses a
 * file of the build at run time (ADR 0057, amended): where @fastify/compress compressed every
 * request for a file again, at Brotli 4. The files change only with a build, so the slow
 * levels cost nothing at run time: the JavaScript a page loads is 13–16 % smaller on the
 * wire, and a file costs the server no compression.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { MIN_BYTES } from '../server/compress.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: text. Images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|html)$/;

export async function precompressAssets(clientDir: string): Promise<void> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && TEXT.test(entry.name));
  await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return; // left as it is, as the server leaves it
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A file that does not shrink is sent as it is.
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}
