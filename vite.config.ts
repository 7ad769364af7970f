import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
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
