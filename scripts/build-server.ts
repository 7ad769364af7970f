/**
 * The compiled server (ADR 0056), made at the end of every `react-router build`
 * (react-router.config.ts): Node runs JavaScript, not the TypeScript sources through tsx's
 * loader, whose transform of every module it loads (React Router's own included) cost
 * 10–25 % of the CPU a page or a keystroke takes.
 *
 * - `node/main.mjs`: server/ and contracts/ with the web build (`server/index.js`) in one
 *   module graph, so loaders and the server share one instance of each server module (one
 *   search snapshot, ADR 0034); npm packages stay imports, resolved from node_modules.
 * - `node/pglite-thread.worker.mjs`: the database thread's entry (server/db/pglite-thread.ts
 *   finds it beside the module that starts it).
 * - `node/migrations/`: what the migrator applies at start-up (server/db/client.ts).
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The compiled server's entry, in a build folder: what `npm start` and everything else run. */
export const COMPILED_SERVER = path.join('node', 'main.mjs');

/**
 * Node's options for the server, wherever it is started (`npm start`, `npm run serve`, which
 * writes them out in package.json, the cluster and the bench). One helper thread for V8 (its
 * default is four): a server process has its request thread and its database thread, and at
 * scale one process runs per core (scripts/cluster.ts). On two cores, four helpers marking and
 * compiling beside those threads and a load generator took a tenth more CPU a page, and the
 * long tail's slowest pages waited for them (ADR 0072).
 */
export const SERVER_NODE_OPTIONS = ['--v8-pool-size=1'] as const;

const COMMON: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  absWorkingDir: ROOT,
  logLevel: 'warning',
  legalComments: 'none',
};

export async function buildServer(buildDir: string): Promise<void> {
  const webBuild = path.join(buildDir, 'server', 'index.js');
  const entry = path.join(buildDir, COMPILED_SERVER);
  await compileProgram(path.dirname(entry), path.basename(entry), {
    stdin: {
      contents: [
        `import { fileURLToPath } from 'node:url';`,
        `import * as build from ${JSON.stringify(webBuild)};`,
        `import { serve } from './server/serve.ts';`,
        // The build folder this bundle sits in: its client/ holds the assets.
        `serve({ build, buildDir: fileURLToPath(new URL('..', import.meta.url)) });`,
      ].join('\n'),
      resolveDir: ROOT,
      sourcefile: 'build-server-entry.ts',
      loader: 'ts',
    },
  });
}

/**
 * A program of server code compiled into `outDir` (emptied first) as `name`, with what server
 * code finds beside its module: the database thread's entry and the migrations. The bench's
 * alert job runs this way too (bench/scale.ts), as the server would run it. npm packages are
 * resolved from `outDir` up: it must sit where a node_modules folder is found.
 */
export async function compileProgram(
  outDir: string,
  name: string,
  entry: Pick<BuildOptions, 'stdin' | 'entryPoints'>,
): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  const outfile = path.join(outDir, name);
  await Promise.all([
    build({ ...COMMON, ...entry, outfile }),
    build({
      ...COMMON,
      entryPoints: [path.join(ROOT, 'server', 'db', 'pglite-thread.worker.ts')],
      outfile: path.join(outDir, 'pglite-thread.worker.mjs'),
    }),
  ]);
  cpSync(path.join(ROOT, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outfile;
}
