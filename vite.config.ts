import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/**
 * SPEC §4 new build detection: each build has an id, compiled into the browser code and
 * written to build/client/build.json, which browsers poll (app/lib/build-check.ts).
 */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function buildFile(): Plugin {
  return {
    name: 'encore-build-file',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ id: BUILD_ID })}\n` });
    },
  };
}

/**
 * First-load JavaScript (ARCHITECTURE.md: ≤ 120 kB gzip per public page). React, React Router
 * and the app shell (what app/root.tsx imports statically: header, footer, identity and
 * location starters) ship as ONE file: every page needs all of it, and many small files each
 * compress on their own, costing several kB gzip more than the same code in one. The rest
 * keeps Rolldown's automatic splitting: route modules, shared components, code loaded on use.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const ROOT = path.resolve('app/root.tsx');

const shells = new WeakMap<ChunkingContext, Set<string>>();
function shellModules(ctx: ChunkingContext): Set<string> {
  let found = shells.get(ctx);
  if (!found) {
    found = new Set();
    const stack = [ROOT];
    while (stack.length) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    // root.tsx and its stylesheet stay in the root route's chunk: React Router marks the CSS
    // of a chunk that code loaded on use also reaches as "dynamic".
    found.delete(ROOT);
    for (const id of found) if (/\.css($|\?)/.test(id)) found.delete(id);
    shells.set(ctx, found);
  }
  return found;
}

/**
 * The server's own modules (server/, run from source by the server process) are not bundled
 * into the server build: loaders import the very instances the server runs, so state they
 * keep (the search snapshot and the rows it read, the classification names) exists once and
 * hears the server's catalogue changes (ADR 0034). A copy bundled into the build was a second
 * snapshot of the whole catalogue on the heap, refreshed only by polling.
 */
const SERVER_DIR = `${path.resolve('server')}${path.sep}`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildFile()],
  define: { __ENCORE_BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          // By absolute path (the bundler's relative ones miss a level from build/server/assets):
          // the build runs with the checkout it was built in, as `npm start`, CI and the bench do.
          external: (id) => id.startsWith(SERVER_DIR),
          makeAbsoluteExternalsRelative: false,
        },
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) =>
                    FRAMEWORK.test(id) || id.includes('vite/preload-helper') || shellModules(ctx).has(id)
                      ? 'shell'
                      : null,
                },
              ],
            },
          },
        },
      },
    },
  },
});
