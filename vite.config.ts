import { readdirSync } from 'node:fs';
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

/**
 * Code a page fetches once idle (ADR 0029): the page parts' own modules (views, cards,
 * filter buttons and their popups, the search box and panel, the sign-in dialog, the tracking
 * client) as ONE file instead of twenty-odd small shared ones. On a slow link each request
 * pays the round trip, six at a time: 28 files on Slow 3G were five waves of 2 s. Only app/
 * modules that no route module, layout or the root reaches statically: those stay where they
 * are, so nothing moves into first-load JavaScript. Packages keep their own chunks.
 */
const APP = path.resolve('app') + path.sep;
/** Route modules (not the page bodies they load on use), layouts and the root, as the build names them. */
const EAGER_ROOTS = [
  ROOT,
  ...readdirSync(path.resolve('app/routes'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/(-view\.tsx|\.server\.ts|\.test\.tsx?)$/.test(file))
    .map((file) => path.resolve('app/routes', file)),
].flatMap((file) => [file, `${file}?__react-router-build-client-route`]);
const eagers = new WeakMap<ChunkingContext, Set<string>>();
function eagerModules(ctx: ChunkingContext): Set<string> {
  let found = eagers.get(ctx);
  if (!found) {
    found = new Set();
    const stack = [...EAGER_ROOTS];
    while (stack.length) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    eagers.set(ctx, found);
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
          // Needed with a group that leaves its imports where they are (Rolldown refuses the
          // combination otherwise); route modules may then export a few more names.
          preserveEntrySignatures: 'allow-extension',
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) =>
                    FRAMEWORK.test(id) || id.includes('vite/preload-helper') || shellModules(ctx).has(id)
                      ? 'shell'
                      : null,
                },
                {
                  name: (id, ctx) =>
                    id.startsWith(APP) &&
                    !/\.css($|\?)/.test(id) &&
                    !shellModules(ctx).has(id) &&
                    !eagerModules(ctx).has(id.split('?')[0]!) &&
                    !eagerModules(ctx).has(id)
                      ? 'parts'
                      : null,
                  // What else they import stays where Rolldown puts it: a module a route also
                  // imports must not drag this file into first-load JavaScript.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
  },
});
