import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext, OutputChunk } from 'rolldown';
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
 * What each module loaded on use needs, as files: its chunk, the chunks it imports and their
 * stylesheets, written to build/client/part-files.json with the build id. Once a page is idle
 * the browser downloads what its controls open into its cache, without running it
 * (app/components/hydration/prefetch-opens.ts, ADR 0029), so a first press waits for no
 * round trip.
 */
export const PART_FILES = 'part-files.json';

function partFiles(): Plugin {
  return {
    name: 'encore-part-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunks = new Map<string, OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      const filesOf = (start: OutputChunk) => {
        const files = new Set<string>();
        const stack = [start];
        while (stack.length) {
          const chunk = stack.pop()!;
          if (files.has(`/${chunk.fileName}`)) continue;
          files.add(`/${chunk.fileName}`);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
          for (const name of chunk.imports) {
            const imported = chunks.get(name);
            if (imported) stack.push(imported);
          }
        }
        return [...files];
      };
      const parts: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          if (!id.startsWith(APP_DIR) || !this.getModuleInfo(id)?.dynamicImporters.length) continue;
          parts[path.relative(process.cwd(), id).split(path.sep).join('/')] = filesOf(chunk);
        }
      }
      this.emitFile({ type: 'asset', fileName: PART_FILES, source: `${JSON.stringify({ id: BUILD_ID, parts })}\n` });
    },
  };
}
const APP_DIR = `${path.resolve('app')}${path.sep}`;

/**
 * First-load JavaScript (ARCHITECTURE.md: ≤ 120 kB gzip per public page). React, React Router
 * and the app shell (what app/root.tsx imports statically: header, footer, identity and
 * location starters) ship as ONE file: every page needs all of it, and many small files each
 * compress on their own, costing several kB gzip more than the same code in one. The rest
 * keeps Rolldown's automatic splitting: route modules, shared components, code loaded on use.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * Small modules the shell once imported and first loads still need (the default layout's
 * viewport, the buttons of /signin's and /forgot-password's forms): kept in the shell rather
 * than a file of their own on those pages. With them, the forms' rules (SPEC §5, 0.3 kB):
 * /signin, /forgot-password and the sign-in dialog all need them, and in a file of their own
 * they were the dialog's third file. A Follow pressed at the load event on Slow 3G found the
 * other five connections taken by thumbnails and route discovery, and that file queued 1.3 s
 * for one before its own 2 s round trip.
 */
const SHELL_SHARED =
  /[\\/]app[\\/](lib[\\/](viewport|auth[\\/]validation)\.ts|components[\\/](ui[\\/](button|page-link-marks)|logo|tracking[\\/]use-fan)\.tsx?)$/;

/**
 * The header and the footer of the default and signed-in layouts, in one file with the
 * drawer's hook and part (which both layouts share): pages of the split and auth layouts
 * (/signin, /forgot-password) do not fetch them. The drawer's own code is a file of its own,
 * fetched at idle: not in page-idle, which a first tap's part code imports. The root error
 * boundary loads them with the
 * error page (components/error-screen.tsx). With them, the anchor every card, chip and footer
 * link renders (ui/page-link.tsx): page-parts and the idle file both import it, and neither
 * then waits for the other. In page-parts, a navigation before page-parts arrived waited for
 * it (the idle file's page-data warm-up imported it from there); in the idle file, a press
 * waited for that file too (ADR 0071).
 */
const PAGE_CHROME =
  /[\\/]app[\\/](components[\\/](site-header|site-footer|use-mini-drawer|nav-page-link|static-page|ui[\\/]page-link)\.tsx?|lib[\\/]analytics\.ts)$/;

/**
 * Code fetched on a first tap, in few files (ADR 0039): a browser opens at most six
 * connections to an HTTP/1.1 origin, so on a slow link every file past the sixth costs one more
 * round trip (2 s on Slow 3G). The discovery pages' bodies and their components (search box,
 * filter buttons, cards and their badges, Follow and Watch, the filters and their formatting, a
 * failed fetch's Retry, and a signed-in fan's alerts badge, which needs the same tracking code:
 * while its lazy boundary in the page waits for its file, React holds every update of the page,
 * a Follow's answer too) are one file, the sign-in dialog two (its frame, and its form, which
 * /signin shows alone): a press fetches its part, its popup and these. None of them is
 * first-load code (the bench's manifest count checks it). What the parts import and no group
 * names lands in a chunk of one of its importers: the filters' links are named, or page-parts
 * imported them from the search view's entry file (ADR 0071).
 */
const PAGE_PARTS =
  /[\\/](app[\\/]components[\\/](search-box|filter-buttons|event-extras[\\/]index|artist-card|event-card|catalogue-image|pagination|ticket-category-picker|fetch-failure|ui[\\/](badge|card-thumbnail|status-badge)|tracking[\\/](follow-button|watch-button|event-tracking|use-tracking|use-tracked|tracked-ahead|unread-badge))\.tsx?|app[\\/]lib[\\/](tracking-action|use-form-action|status|http|filters|preferences|format|apply-filters|suggestions|views|slug|sellers|images|discovery|page-links)\.ts|app[\\/]routes[\\/](home|search|artist|event)-view\.tsx|contracts[\\/]enum-values\.ts)$/;
/**
 * A signed-out Follow or Watch: the dialog's host and frame (with the modal the other dialogs
 * share, and the token clock the host reads, which the session's and the signed-in areas'
 * code share: in a file of its own it was a third file on the press), then its form (also
 * /signin's). The form's rules are in the shell (SHELL_SHARED).
 */
const SIGN_IN_DIALOG =
  /[\\/]app[\\/](components[\\/](auth[\\/](auth-runtime|sign-in-dialog)|ui[\\/]modal-dialog)\.tsx|lib[\\/]auth[\\/](onboarding|token)\.ts)$/;
const AUTH_FORM =
  /[\\/]app[\\/](components[\\/]auth[\\/](auth-form|use-is-android)\.tsx?|lib[\\/]auth[\\/]redirect\.ts)$/;
/**
 * What the page fetches once it is idle, the parts' code aside (ADR 0045): the shell's watchers
 * and its idle components, the header's account button, the footer's content, the page-data
 * warm-up, the prefetch of what presses open and the start of the card images below the first
 * screen (ADR 0046). One file, so it holds one of the six
 * connections a tap right after the load event needs, not five.
 */
const PAGE_IDLE =
  /[\\/]app[\\/](components[\\/](app-shell-idle|site-footer-content|auth[\\/]account-button|hydration[\\/](prefetch-opens|later-images))\.tsx?|lib[\\/](shell-idle|page-prefetch)\.ts)$/;
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
 * React Router's browser code from its production build. Its package sends every bundler to
 * the development build, whose only difference is that its warnings are on: in the browser
 * they cost first-load bytes (ADR 0011) and checks on every render. The whole client takes
 * the same copy (`react-router` and `react-router/dom`, whose chunks it shares); the server
 * keeps the one Node resolves, which `server/http.ts` shares with the build (ADR 0023).
 */
function reactRouterProductionInBrowser(): Plugin {
  const dist = path.resolve('node_modules/react-router/dist/production');
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'index.mjs'),
    'react-router/dom': path.join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'encore-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.name !== 'client') return null;
      return files[source] ?? null;
    },
  };
}

/**
 * The server's own modules (server/) are not bundled into the server build: loaders import
 * the very instances the server runs, so state they keep (the search snapshot and the rows it
 * read, the classification names) exists once and hears the server's catalogue changes (ADR
 * 0034). A copy bundled into the build was a second snapshot of the whole catalogue on the
 * heap, refreshed only by polling. The compiled server (scripts/build-server.ts, ADR 0056)
 * bundles this build and those modules together, each once.
 */
const SERVER_DIR = `${path.resolve('server')}${path.sep}`;

export default defineConfig({
  plugins: [reactRouterProductionInBrowser(), tailwindcss(), reactRouter(), buildFile(), partFiles()],
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
          // Required by groups that leave what their modules import to the other chunks.
          preserveEntrySignatures: 'allow-extension',
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) =>
                    FRAMEWORK.test(id) ||
                    SHELL_SHARED.test(id) ||
                    id.includes('vite/preload-helper') ||
                    shellModules(ctx).has(id)
                      ? 'shell'
                      : null,
                  priority: 2,
                },
                // The modules named only, not what they import: React stays in the shell.
                { name: 'page-parts', test: PAGE_PARTS, includeDependenciesRecursively: false },
                { name: 'page-chrome', test: PAGE_CHROME, includeDependenciesRecursively: false },
                { name: 'page-idle', test: PAGE_IDLE },
                { name: 'sign-in-dialog', test: SIGN_IN_DIALOG, includeDependenciesRecursively: false },
                { name: 'auth-form', test: AUTH_FORM, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
});
