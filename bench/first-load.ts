/**
 * First-load JavaScript as a browser really fetches it. The manifest count (bundles.ts) sees
 * static imports only; a route that starts `import('./view')` when its module runs, or loads
 * code when the page is idle, ships that code on first load too. So every public route is
 * opened once in a fresh, anonymous Chromium context (no cache, no interaction) and every
 * script fetched until the network is idle is counted, gzip-compressed as bundles.ts does.
 * Code loaded on first use (hover, focus, press) is not fetched, so it does not count.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Chromium } from './chromium.ts';
import { round } from './stats.ts';

export type ObservedLoad = { js_kb: number; files: number; scripts: string[]; status: number; error?: string };

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
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          response.body().then(
            (body) => void scripts.set(new URL(response.url()).pathname, gzipSync(body).length),
            () => undefined,
          ),
        );
      });
      try {
        const response = await page.goto(`${origin}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
        await Promise.all(pending);
        const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
        results[route] = {
          js_kb: round(total / 1000, 1),
          files: scripts.size,
          scripts: [...scripts.keys()].sort(),
          status: response?.status() ?? 0,
        };
        log(`  ${route.padEnd(18)} ${results[route].js_kb} kB gzip fetched (${scripts.size} files) ${path}`);
      } catch (error) {
        results[route] = {
          js_kb: Number.NaN,
          files: 0,
          scripts: [],
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
