/**
 * First-load JavaScript as a browser really fetches it. The manifest count (bundles.ts) sees
 * static imports only; a route that starts `import('./view')` when its module runs, or loads
 * code when the page is idle, ships that code on first load too. So every public route is
 * opened once in a fresh, anonymous Chromium context (no cache, no interaction) and every
 * script fetched until the network is idle is counted, gzip-compressed as bundles.ts does.
 * Code loaded on first use (hover, focus, press) is not fetched, so it does not count. Code
 * the page fetches once it is idle (after its `encore:idle` mark), run or only downloaded into
 * the cache for a first press, is counted apart: it does not delay the page becoming
 * interactive, and has its own budget (ADR 0029).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import type { Chromium } from './chromium.ts';
import { round } from './stats.ts';

export type ObservedLoad = {
  js_kb: number;
  files: number;
  scripts: string[];
  /** Scripts requested after the page marked itself idle (performance mark `encore:idle`). */
  after_idle_kb: number;
  after_idle_files: number;
  after_idle: string[];
  status: number;
  error?: string;
};

/** How long the network stays quiet before the page's downloads count as done (as Playwright's networkidle). */
const QUIET_MS = 500;

/** The mark hydrate-on-use.tsx sets when the page's idle downloads start (its parts' code first). */
export const IDLE_MARK = 'encore:idle';

export async function observeFirstLoad(
  origin: string,
  urls: Record<string, string>,
  chromiumProcess: Chromium,
  log: (line: string) => void,
): Promise<Record<string, ObservedLoad>> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromiumProcess.port}`);
  const results: Record<string, ObservedLoad> = {};
  try {
    for (const [route, path] of Object.entries(urls)) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      const requested = new Map<string, number>();
      const pending: Promise<void>[] = [];
      let inFlight = 0;
      let started = 0;
      const settled = () => {
        inFlight -= 1;
      };
      page.on('request', (request) => {
        inFlight += 1;
        started += 1;
        const file = new URL(request.url()).pathname;
        if (isCode(request) && !requested.has(file)) requested.set(file, Date.now());
      });
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      page.on('response', (response) => {
        if (!isCode(response.request())) return;
        // A prefetch's body stays in the browser's cache (Chromium hands back nothing): the
        // same file is read from the server.
        const body = response
          .body()
          .catch(() => Buffer.alloc(0))
          .then(async (body) =>
            body.length > 0 ? body : Buffer.from(await (await fetch(response.url())).arrayBuffer()),
          );
        pending.push(
          body.then(
            (code) => void scripts.set(new URL(response.url()).pathname, gzipSync(code).length),
            () => undefined,
          ),
        );
      });
      try {
        const response = await page.goto(`${origin}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
        // The idle downloads wait a moment after the page is idle (hydrate-on-use.tsx): counted
        // once they have started and the network has been quiet again.
        await page
          .waitForFunction((name) => performance.getEntriesByName(name).length > 0, IDLE_MARK, { timeout: 10_000 })
          .catch(() => undefined);
        for (let seen = -1, rounds = 0; (seen !== started || inFlight > 0) && rounds < 60; rounds += 1) {
          seen = started;
          await page.waitForTimeout(QUIET_MS);
        }
        await Promise.all(pending);
        const idleAt = await page.evaluate((name) => {
          const mark = performance.getEntriesByName(name)[0];
          return mark ? performance.timeOrigin + mark.startTime : null;
        }, IDLE_MARK);
        const before = new Map<string, number>();
        const after = new Map<string, number>();
        for (const [file, size] of scripts) {
          const at = requested.get(file);
          (idleAt !== null && at !== undefined && at >= idleAt ? after : before).set(file, size);
        }
        const sum = (files: Map<string, number>) => [...files.values()].reduce((total, size) => total + size, 0);
        results[route] = {
          js_kb: round(sum(before) / 1000, 1),
          files: before.size,
          scripts: [...before.keys()].sort(),
          after_idle_kb: round(sum(after) / 1000, 1),
          after_idle_files: after.size,
          after_idle: [...after.keys()].sort(),
          status: response?.status() ?? 0,
        };
        log(
          `  ${route.padEnd(18)} ${results[route].js_kb} kB gzip before idle (${before.size} files), ${results[route].after_idle_kb} kB after (${after.size}) ${path}`,
        );
      } catch (error) {
        results[route] = {
          js_kb: Number.NaN,
          files: 0,
          scripts: [],
          after_idle_kb: Number.NaN,
          after_idle_files: 0,
          after_idle: [],
          status: 0,
          error: error instanceof Error ? error.message.split('\n')[0]! : String(error),
        };
        log(`  ${route.padEnd(18)} error: ${results[route].error}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    // Over CDP this disconnects; the run's Chromium keeps running for Lighthouse.
    await browser.close();
  }
  return results;
}

/** A script the page runs, or code it downloads ahead into the cache (`<link rel="prefetch">`, ADR 0029). */
const isCode = (request: Request) =>
  request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');
