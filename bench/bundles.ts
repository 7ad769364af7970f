/**
 * First-load JavaScript per public route, from React Router's client manifest: what an
 * anonymous visitor's browser downloads before the page is interactive: the client entry
 * and its imports, then every route module on the matched branch (root, layout, page) with
 * their static imports, each file once. Sizes are gzip at zlib's default level (what an
 * on-the-fly compressing server sends; pre-compressed files are ~1 % smaller) in kB of
 * 1000 bytes, as Vite prints them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  hasDefaultExport?: boolean;
};
export type ClientManifest = {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
};

const PREFIX = 'window.__reactRouterManifest=';

export function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(path.join(assets, file), 'utf8').trim();
  if (!text.startsWith(PREFIX)) throw new Error(`unexpected manifest format in ${file}`);
  return JSON.parse(text.slice(PREFIX.length).replace(/;$/, '')) as ClientManifest;
}

/** Routes guarded by sign-in or a role are not anonymous first loads (SPEC §6). */
const GUARDED_LAYOUTS = ['routes/layouts/authenticated'];

export type RouteBundle = {
  route: string;
  path: string;
  js_kb: number;
  js_raw_kb: number;
  js_brotli_kb: number;
  css_kb: number;
  files: number;
  /** Scripts a browser fetched opening the route (first-load.ts), gzip; set when a server ran. */
  observed_kb?: number;
  /** Code the page fetched once idle (after the encore:idle mark): counted apart, ≤ 200 kB. */
  after_idle_kb?: number;
  after_idle_files?: number;
  observed_files?: number;
  observed_url?: string;
  observed_error?: string;
};

export function measureBundles(clientDir: string): RouteBundle[] {
  const manifest = readClientManifest(clientDir);
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((r) => r.parentId).filter(Boolean));
  const cache = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = cache.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(clientDir, file));
      size = {
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      cache.set(file, size);
    }
    return size;
  };

  // The app's style sheet is linked by the root's layout itself, first in the head (app/root.tsx),
  // not listed per route: every page loads it.
  const sheets = readdirSync(path.join(clientDir, 'assets'))
    .filter((file) => /^app-[\w-]+\.css$/.test(file))
    .map((file) => `assets/${file}`);
  const bundles: RouteBundle[] = [];
  for (const route of routes) {
    // Leaves a visitor can land on: page modules with a component, not layouts nor resource routes.
    if (parents.has(route.id) || route.hasDefaultExport === false) continue;
    const branch: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      branch.unshift(r);
    }
    if (branch.some((r) => GUARDED_LAYOUTS.includes(r.id))) continue;
    const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    const css = new Set<string>([...sheets, ...(manifest.entry.css ?? [])]);
    for (const r of branch) {
      js.add(r.module);
      for (const file of r.imports ?? []) js.add(file);
      for (const file of r.css ?? []) css.add(file);
    }
    const total = (files: Set<string>, key: 'raw' | 'gzip' | 'brotli') =>
      [...files].reduce((sum, file) => sum + sizeOf(file)[key], 0) / 1000;
    bundles.push({
      route: route.id.replace(/^routes\//, ''),
      path: fullPath(branch),
      js_kb: round(total(js, 'gzip')),
      js_raw_kb: round(total(js, 'raw')),
      js_brotli_kb: round(total(js, 'brotli')),
      css_kb: round(total(css, 'gzip')),
      files: js.size,
    });
  }
  return bundles.sort((a, b) => b.js_kb - a.js_kb);
}

function fullPath(branch: ManifestRoute[]): string {
  const parts = branch.map((r) => r.path).filter((p): p is string => Boolean(p));
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

const round = (n: number) => Math.round(n * 10) / 10;
