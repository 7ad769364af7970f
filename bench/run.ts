/**
 * `npm run bench`: what visitors feel, measured in one run on this machine (see
 * bench/README.md for how to read it and docs/decisions/0007-benchmarks.md for why so).
 *
 *  1. build the production bundle; first-load JS per public route from its manifest;
 *  2. start Encore (production mode, fresh data directory, demo catalogue; --pg: on a
 *     throwaway PostgreSQL), let it seed, then restart it so the measured process is a
 *     plain production server on a filled database;
 *  3. pick real pages and names from its catalogue API;
 *  4. Lighthouse on home / search / artist / event; SSR load against them and a static
 *     file; the search-as-you-type replay;
 *  5. table on stdout, JSON in bench/results/latest.json; every process stopped.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBundles, type RouteBundle } from './bundles.ts';
import { longTailPaths, pickFromCatalogue } from './catalogue-sample.ts';
import { type Chromium, startChromium } from './chromium.ts';
import { behindBalancer } from './cluster.ts';
import { BENCH_PROJECT, createFan, type Fan, startFanKeys } from './fan.ts';
import { observeFirstLoad } from './first-load.ts';
import { measureFirstTaps } from './first-tap.ts';
import { runLighthouse } from './lighthouse.ts';
import { okPerSecond, PAGE_HEADERS, runLoad, stopLoadGenerator } from './load.ts';
import { type Options, parseOptions, USAGE } from './options.ts';
import { startPostgres } from './postgres.ts';
import { cleanupAll, createRunDir, installExitHandlers, onCleanup, reapOrphans, stopping } from './processes.ts';
import { monotonicUs, type ProfileSummary, summariseProfile } from './profile.ts';
import { evaluateTargets, formatReport, type Results, table } from './report.ts';
import { runAlertsAtScale } from './scale.ts';
import { replaySearch } from './search-replay.ts';
import { buildApp, REPO, type RunningServer, startServer, waitUntilQuiet } from './server.ts';
import { asSignedInFan, type SignedInSite, startSignedInSite } from './signed-in-taps.ts';
import { measureSsr, PAGES, type PageTarget, probe } from './ssr.ts';
import { round } from './stats.ts';
import { measureUncached, type UncachedTarget } from './uncached.ts';

const RESULTS_DIR = path.join(REPO, 'bench', 'results');
const started = performance.now();
const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
const log = (line: string) => console.log(line);
const step = (title: string) => console.log(`\n▸ ${title}  [${elapsed()}]`);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function machine(options: Options): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    host: os.hostname(),
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    cpu_count: cpus.length,
    memory: `${round(os.totalmem() / 2 ** 30, 1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    load_start: os
      .loadavg()
      .map((n) => round(n, 2))
      .join(' '),
    database: options.pg ? 'PostgreSQL' : 'PGlite',
    size: options.size,
    quick: options.quick,
    sections: [...options.only],
  };
}

/** The server's 'demo catalogue ready' log line: what the first start generated. */
function seedSummary(
  logFile: string,
): { events: number; attractions?: number; venues?: number; ms?: number } | undefined {
  if (!existsSync(logFile)) return undefined;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('demo catalogue ready')) continue;
    try {
      const entry = JSON.parse(line) as { events?: number; attractions?: number; venues?: number; ms?: number };
      if (typeof entry.events === 'number') return { ...entry, events: entry.events };
    } catch {}
  }
  return undefined;
}

/**
 * A URL a visitor could land on for each public route: the picked artist and event for the
 * routes with ids, the picked search, a path nothing matches for the catch-all.
 */
function publicRouteUrls(bundles: RouteBundle[], pages: PageTarget[]): Record<string, string> {
  const picked = Object.fromEntries(pages.filter((p) => p.path && !p.error).map((p) => [p.name, p.path!]));
  const urls: Record<string, string> = {};
  for (const bundle of bundles) {
    if (picked[bundle.route]) urls[bundle.route] = picked[bundle.route]!;
    else if (bundle.path.endsWith('/*')) urls[bundle.route] = '/no-such-page-here';
    else if (!bundle.path.includes(':')) urls[bundle.route] = bundle.path;
  }
  return urls;
}

/** The ceiling: the smallest file the same server sends from disk (the favicon, or a tiny asset). */
function staticPath(clientDir: string): string {
  if (existsSync(path.join(clientDir, 'favicon.svg'))) return '/favicon.svg';
  const assets = readdirSync(path.join(clientDir, 'assets'))
    .map((name) => ({ name, size: statSync(path.join(clientDir, 'assets', name)).size }))
    .filter((file) => file.size > 0)
    .sort((a, b) => a.size - b.size);
  if (!assets[0]) throw new Error('no static file to use as the ceiling');
  return `/assets/${assets[0].name}`;
}

async function main(options: Options): Promise<Results> {
  const reaped = reapOrphans();
  if (reaped.length) log(`bench: stopped what an earlier, killed run left behind: ${reaped.join(', ')}`);
  const runDir = await createRunDir(options.keep);
  const results: Results = { machine: machine(options), targets: [] };
  const m = results.machine;
  const needServer = ['ssr', 'longtail', 'signedin', 'firsttap', 'search', 'lighthouse'].some((s) =>
    options.only.has(s as never),
  );

  step(options.build ? 'building the production bundle (react-router build)' : 'using the existing ./build');
  const { appDir, seconds: buildSeconds } = await buildApp(runDir, { build: options.build });
  m.build_seconds = round(buildSeconds, 1);
  const clientDir = path.join(appDir, 'build', 'client');

  if (options.only.has('bundles')) {
    step('first-load JavaScript per public route');
    results.bundles = measureBundles(clientDir);
    results.bundles_kb = Object.fromEntries(results.bundles.map((b) => [b.route, b.js_kb]));
    for (const b of results.bundles) log(`  ${b.route.padEnd(18)} ${b.js_kb} kB gzip (${b.files} files)`);
  }
  if (!needServer && !options.only.has('scale')) return results;

  // Fans sign in with tokens signed by this run's key, checked by the production verifier.
  const keys = await startFanKeys();
  onCleanup(
    'key server',
    () => keys.server.close(),
    () => {},
  );
  let databaseUrl: string | undefined;
  if (options.pg) {
    step(`starting a throwaway PostgreSQL on 127.0.0.1:${options.pgPort}`);
    const pg = await startPostgres(runDir, options.pgPort);
    databaseUrl = pg.url;
    m.database = `PostgreSQL ${pg.version}`;
  }
  if (options.only.has('scale')) {
    step('alerts at scale: 100,000 watches, a price change on 10,000 events (a database of its own)');
    results.alerts_scale = await runAlertsAtScale(runDir, appDir, options, databaseUrl, log);
  }
  if (!needServer) return results;
  const serverOptions = {
    appDir,
    dataDir: path.join(runDir, 'data'),
    port: options.port,
    size: options.size,
    databaseUrl,
    logFile: path.join(runDir, 'server.log'),
    certsUrl: keys.url,
    projectId: BENCH_PROJECT,
  };

  step(
    `starting Encore on a fresh ${options.pg ? 'database' : 'data directory'} with the ${options.size} demo catalogue`,
  );
  const seeding = await startServer(serverOptions);
  const settle = await waitUntilQuiet(seeding.child.pid!, 600);
  m.first_start_seconds = round(seeding.startSeconds + settle, 1);
  log(`  ready in ${m.first_start_seconds} s (health answered after ${round(seeding.startSeconds, 1)} s)`);
  await seeding.stop();

  // The measured process: a plain restart on the filled database, as after a deploy.
  let server: RunningServer = await startServer(serverOptions);
  await waitUntilQuiet(server.child.pid!, 120);
  m.restart_seconds = round(server.startSeconds, 1);
  log(`  restarted for measurement in ${m.restart_seconds} s (${server.origin})`);
  if (options.nodes > 1) {
    server = await behindBalancer(server, serverOptions, options.nodes, options.lbPort, log);
    m.database = `${m.database}, ${options.nodes} nodes behind HAProxy`;
  }

  step('picking pages and names from the catalogue API');
  const warmNames = Math.ceil(options.replayNames / 10);
  const pick = await pickFromCatalogue(server.origin, options.replayNames + warmNames);
  // The server logs what it generated; the API's totals are capped, so they are the fallback.
  const seeded = seedSummary(serverOptions.logFile);
  const events = seeded?.events ?? pick.totalEvents;
  m.catalogue =
    events !== undefined
      ? `${options.size} catalogue (${events.toLocaleString('en-US')} events)`
      : `${options.size} catalogue`;
  m.catalogue_events = events ?? null;
  if (seeded)
    Object.assign(m, {
      catalogue_attractions: seeded.attractions,
      catalogue_venues: seeded.venues,
      seed_ms: seeded.ms,
    });
  if (pick.problem) log(`  ${pick.problem}`);
  const pages: PageTarget[] = [
    { name: 'home', path: '/' },
    { name: 'search', path: `/search?keyword=${encodeURIComponent(pick.searchKeyword)}` },
    pick.artist
      ? { name: 'artist', path: pick.artist.path }
      : { name: 'artist', error: pick.problem ?? 'no attraction found in the catalogue' },
    pick.event
      ? { name: 'event', path: pick.event.path }
      : { name: 'event', error: pick.problem ?? 'no event found for the artist' },
  ];
  results.urls = Object.fromEntries(pages.map((p) => [p.name, p.path ?? null]));
  if (pick.artist) log(`  artist: ${pick.artist.name} (${pick.artist.upcoming} upcoming events)`);
  for (const page of pages) log(`  ${page.name.padEnd(7)} ${page.path ?? `(${page.error})`}`);
  // Every page is fetched once before anything is timed, and a non-200 is an error from here on.
  for (const page of pages) {
    if (!page.path) continue;
    const check = await probe(`${server.origin}${page.path}`);
    if (check.error) {
      page.error = check.error;
      log(`  ${page.name} answers ${check.error}: reported as an error, not measured`);
    }
  }

  // The long tail and the fan's watches and follows: distinct pages from the sitemap.
  const wantsFan = options.only.has('signedin');
  const needsTail = wantsFan || options.only.has('longtail');
  const tail = needsTail
    ? await longTailPaths(server.origin, pick.names, options.quick ? 1_500 : 6_000)
    : { artists: [], events: [], searches: [] };
  if (tail.problem) log(`  long tail: ${tail.problem}`);
  if (needsTail)
    log(
      `  long tail: ${tail.artists.length} artist, ${tail.events.length} event and ${tail.searches.length} search URLs`,
    );
  // The fan's own pages come from the end of the lists; the load takes from the front.
  const idOf = (p: string) => decodeURIComponent(p.split('/').pop() ?? '');
  const fanEvents = tail.events.slice(-200).map(idOf);
  const fanArtists = tail.artists.slice(-50).map(idOf);
  let fan: Fan | undefined;
  let fanError: string | undefined;
  if (wantsFan) {
    step('a signed-in fan: 200 watched events, 50 followed artists (bench/fan.ts)');
    try {
      // PGlite is one process's: the server makes room while the fan is written.
      if (!databaseUrl) await server.stop();
      try {
        fan = await createFan(
          databaseUrl ? { url: databaseUrl } : { dataDir: serverOptions.dataDir },
          keys,
          'bench-fan',
          fanEvents,
          fanArtists,
        );
      } finally {
        if (!databaseUrl) {
          server = await startServer(serverOptions);
          await waitUntilQuiet(server.child.pid!, 120);
        }
      }
      log(`  ${fan.uid}: ${fan.watches} watches, ${fan.follows} follows`);
    } catch (error) {
      fanError = error instanceof Error ? error.message : String(error);
      log(`  ERROR ${fanError}`);
    }
  }
  // First taps open artist and event pages nobody else asked for.
  const tapArtists = tail.artists.slice(-80, -50);
  const tapEvents = tail.events.slice(-230, -200);

  if (options.only.has('lighthouse') || results.bundles || options.only.has('firsttap')) {
    let chromium: Chromium | undefined;
    let noBrowser: string | undefined;
    try {
      chromium = await startChromium(runDir);
    } catch (error) {
      noBrowser = error instanceof Error ? error.message : String(error);
      log(`  ${noBrowser}`);
    }
    // A fan's browser needs an identity provider, which this production server has none of: a
    // second server of the same build beside the auth emulator (bench/signed-in-taps.ts), for
    // Lighthouse's signed-in audits and the signed-in first taps.
    let site: SignedInSite | undefined;
    let siteError: string | undefined;
    if (chromium && (options.only.has('lighthouse') || options.only.has('firsttap'))) {
      try {
        site = await startSignedInSite({
          appDir,
          runDir,
          port: options.port + 20,
          emulatorPort: options.port + 21,
          chromium,
        });
        log(`  signed in: a fan of ${site.origin} (test mode, its own auth emulator, small catalogue)`);
      } catch (error) {
        siteError = `not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
        log(`  signed-in fan ${siteError}`);
      }
    }
    try {
      if (results.bundles && chromium) {
        step('first-load JavaScript as a browser fetches it (each public route, anonymous, until network idle)');
        const urls = publicRouteUrls(results.bundles, pages);
        const observed = await observeFirstLoad(server.origin, urls, chromium, log);
        for (const bundle of results.bundles) {
          const seen = observed[bundle.route];
          if (!seen) continue;
          bundle.observed_kb = seen.js_kb;
          bundle.observed_files = seen.files;
          bundle.observed_url = urls[bundle.route];
          if (Number.isFinite(seen.after_idle_kb)) {
            bundle.after_idle_kb = seen.after_idle_kb;
            bundle.after_idle_files = seen.after_idle_files;
          }
          if (seen.error) bundle.observed_error = seen.error;
          // The visitor pays for whichever is larger: what the manifest lists or what was fetched.
          if (Number.isFinite(seen.js_kb)) results.bundles_kb![bundle.route] = Math.max(bundle.js_kb, seen.js_kb);
        }
        results.first_load_scripts = Object.fromEntries(Object.entries(observed).map(([r, o]) => [r, o.scripts]));
        results.after_idle_scripts = Object.fromEntries(Object.entries(observed).map(([r, o]) => [r, o.after_idle]));
      }
      if (options.only.has('lighthouse')) {
        step('Lighthouse, mobile (three runs a page, the median run)');
        // Each page anonymous; then the same pages of the signed-in site, in a browser signed in
        // to it (bench/signed-in-taps.ts).
        const audited = pages.map((p) => ({
          name: p.name,
          url: p.error || !chromium ? undefined : `${server.origin}${p.path}`,
          error: p.error ?? noBrowser,
        }));
        const sitePick = site ? await pickFromCatalogue(site.origin, 0) : undefined;
        const sitePaths: Record<string, string | undefined> = {
          home: '/',
          search: sitePick && `/search?keyword=${encodeURIComponent(sitePick.searchKeyword)}`,
          artist: sitePick?.artist?.path,
          event: sitePick?.event?.path,
        };
        const signedIn = pages.map((p) => {
          const path = sitePaths[p.name];
          return {
            name: `${p.name} signed in`,
            url: site && path ? `${site.origin}${path}` : undefined,
            error: site ? (path ? undefined : (sitePick?.problem ?? `no ${p.name} page`)) : (siteError ?? noBrowser),
          };
        });
        // Each audit starts with both servers idle: the signed-in site's start-up work (its
        // catalogue, its emulator) landed in the anonymous audits' main-thread tasks otherwise.
        const settleBoth = async () => {
          await server.settle();
          await site?.settle();
        };
        results.lighthouse = await runLighthouse(audited, chromium, settleBoth, log);
        if (chromium && site) {
          const browser = chromium;
          const fanSite = site;
          Object.assign(
            results.lighthouse,
            await asSignedInFan(browser, fanSite, () =>
              runLighthouse(signedIn, browser, settleBoth, log, { keepStorage: true }),
            ),
          );
        } else Object.assign(results.lighthouse, await runLighthouse(signedIn, chromium, settleBoth, log));
      }
      if (options.only.has('firsttap')) {
        step('first tap after the load event, throttled Chromium (desktop and phone)');
        if (!chromium) results.first_tap = { error: noBrowser ?? 'no browser' };
        else {
          const figures = await measureFirstTaps(
            server.origin,
            chromium,
            {
              home: '/',
              search: pages[1]?.path ?? '/search',
              artists: tapArtists.length ? tapArtists : pick.artist ? [pick.artist.path] : [],
              events: tapEvents.length ? tapEvents : pick.event ? [pick.event.path] : [],
              keyword: pick.searchKeyword.slice(0, 4),
            },
            { quick: options.quick },
            log,
          );
          const signedInError = site ? undefined : siteError;
          if (site) {
            figures.push(
              ...(await measureFirstTaps(
                site.origin,
                chromium,
                {
                  home: '/',
                  search: '/search',
                  artists: site.artists,
                  events: site.events,
                  keyword: pick.searchKeyword.slice(0, 4),
                  storageState: site.storageState,
                },
                { quick: options.quick },
                log,
              )),
            );
          }
          results.first_tap = { figures, ...(signedInError ? { signed_in_error: signedInError } : {}) };
        }
      }
    } finally {
      await site?.stop();
      await chromium?.stop();
    }
  }

  if (options.only.has('longtail') || options.only.has('signedin')) {
    step(`pages no cache answers: long tail and signed in, ${8} clients, beside the static file`);
    const targets: UncachedTarget[] = [];
    if (options.only.has('longtail')) {
      const none = tail.problem ?? 'no URL in the sitemap';
      targets.push(
        {
          name: 'long tail artist',
          group: 'long tail',
          paths: tail.artists.slice(0, -80),
          headers: {},
          ...(tail.artists.length ? {} : { error: none }),
        },
        {
          name: 'long tail event',
          group: 'long tail',
          paths: tail.events.slice(0, -230),
          headers: {},
          ...(tail.events.length ? {} : { error: none }),
        },
        {
          name: 'long tail search',
          group: 'long tail',
          paths: tail.searches,
          headers: {},
          ...(tail.searches.length ? {} : { error: none }),
        },
      );
    }
    if (options.only.has('signedin')) {
      const headers: Record<string, string> = fan ? { cookie: fan.cookie } : {};
      const error = fan ? undefined : (fanError ?? 'no fan');
      targets.push(
        { name: 'signed in home', group: 'signed in', path: '/', headers, ...(error ? { error } : {}) },
        {
          name: 'signed in event',
          group: 'signed in',
          path: pick.event?.path,
          headers,
          ...(error || !pick.event ? { error: error ?? 'no event' } : {}),
        },
        { name: 'signed in my Encore', group: 'signed in', path: '/my-encore', headers, ...(error ? { error } : {}) },
        // my Encore's data, read for the fan on every request: what a client navigation to it
        // costs, and most of what its first view after a change of theirs costs (ADR 0049).
        {
          name: 'signed in my Encore data',
          group: 'signed in',
          path: '/my-encore.data',
          headers,
          untargeted: 'the targets are for pages; this is the page kept for the fan read again',
          ...(error ? { error } : {}),
        },
        // What a fan's home or event page asks for once it is there (ADR 0043): the page is the
        // render signed-in fans share, their Follow and Watch states come from this read. The
        // request the page makes (ADR 0047: preloaded by the head, read by tracked-ahead.ts): the
        // resource's JSON, not its `.data`, which no page asks for (it runs the root's loader too).
        {
          name: 'signed in tracked state',
          group: 'signed in',
          path: '/resources/tracking',
          headers: { ...headers, accept: '*/*' },
          ...(error ? { error } : {}),
        },
      );
    }
    results.uncached = await measureUncached(
      server.origin,
      staticPath(clientDir),
      targets,
      options.ssrSeconds,
      server.settle,
      log,
    );
  }

  if (options.only.has('ssr')) {
    step(`SSR throughput and latency (${options.ssrSeconds} s per measurement, load generator in its own process)`);
    results.ssr = await measureSsr(server.origin, staticPath(clientDir), pages, options.ssrSeconds, server.settle, log);
  }

  if (options.only.has('search')) {
    step('search API: keystroke replay, 8 clients');
    if (pick.names.length === 0) {
      results.search_api = { p50_ms: null, p95_ms: null, p99_ms: null, clients: 8, error: pick.problem ?? 'no names' };
      log(`  ERROR ${results.search_api.error}`);
    } else {
      const names = pick.names.slice(0, options.replayNames);
      results.search_api = await replaySearch(
        server.origin,
        names,
        pick.names.slice(options.replayNames),
        options.replaySeconds,
        server.settle,
      );
      const s = results.search_api;
      if (s.note) log(`  ${s.note}`);
      log(
        `  ${s.requests} keystrokes from ${s.names} names: p50 ${s.p50_ms} ms  p95 ${s.p95_ms} ms  p99 ${s.p99_ms} ms${s.error ? `  (${s.error})` : ''}`,
      );
    }
  }

  await stopLoadGenerator();
  await server.stop();

  if (options.profile) {
    // The page furthest from its target, or home when nothing was measured under load.
    const measured = PAGES.map((name) => ({ name, figures: results.ssr?.pages[name] })).filter(
      (p) => p.figures?.ratio !== null && p.figures?.ratio !== undefined,
    );
    measured.sort((a, b) => a.figures!.ratio! - b.figures!.ratio!);
    // Without the SSR section, the uncached page furthest from its target: a signed-in one
    // with the fan's cookie, or a long-tail one (every request a render: the cache is off).
    const uncached = (group: 'long tail' | 'signed in') =>
      Object.entries(results.uncached?.pages ?? {})
        .filter(([, figures]) => figures.group === group && figures.ratio !== null && figures.ratio !== undefined)
        .sort(([, a], [, b]) => a.ratio! - b.ratio!)[0];
    const signedIn = uncached('signed in');
    const longTail = uncached('long tail');
    // A long-tail page is profiled as it was measured: every request a URL of its list, the
    // page cache on and never hit. One URL asked for again and again reads the same rows from
    // warm copies, a different path through the code than the long tail's.
    const tailPaths: Record<string, string[]> = {
      'long tail artist': tail.artists,
      'long tail event': tail.events,
      'long tail search': tail.searches,
    };
    const slowest: {
      name?: string;
      path?: string;
      paths?: string[];
      error?: string;
      headers: Record<string, string>;
    } =
      measured.length === 0 && signedIn && fan
        ? { name: signedIn[0].replaceAll(' ', '-'), path: signedIn[1].example, headers: { cookie: fan.cookie } }
        : measured.length === 0 && longTail
          ? {
              name: longTail[0].replaceAll(' ', '-'),
              path: longTail[1].example,
              paths: tailPaths[longTail[0]],
              headers: {},
            }
          : { ...pages.find((p) => p.name === (measured[0]?.name ?? 'home')), headers: {} };
    if (slowest.name && slowest.path && !slowest.error) {
      step(`CPU profile of the ${slowest.name} page under load (a separate server run under --cpu-prof)`);
      results.profile = await profilePage(
        serverOptions,
        slowest.name,
        slowest.path,
        options.quick ? 3 : 10,
        slowest.headers,
        slowest.paths,
      );
    } else {
      log('  no page to profile');
    }
  }
  return results;
}

async function profilePage(
  serverOptions: Parameters<typeof startServer>[0],
  name: string,
  pagePath: string,
  seconds: number,
  headers: Record<string, string>,
  /** The long tail's URLs: each asked for once, the page cache on (it never answers them). */
  paths?: string[],
): Promise<ProfileSummary | undefined> {
  const profileDir = path.join(path.dirname(serverOptions.logFile), 'profile');
  // Every request rendered: the profile shows what a render costs, not a cache hit. A fan's
  // request is never a cache hit, so with a session the cache stays on, as measured: the
  // public data its loaders share (ADR 0028) is read once, not on every request.
  const server = await startServer({ ...serverOptions, profileDir, pageCache: !!headers.cookie || !!paths });
  await waitUntilQuiet(server.child.pid!, 60);
  const url = `${server.origin}${pagePath}`;
  const pageHeaders = { ...PAGE_HEADERS, ...headers };
  // The warm-up's rate says how many of the list's other URLs fill the window.
  let measured: string[] | undefined;
  if (paths) {
    const warmUp = paths.slice(0, 300);
    const warm = await runLoad({
      kind: 'list',
      origin: server.origin,
      paths: warmUp,
      connections: 8,
      seconds: 2,
      headers: pageHeaders,
    });
    measured = paths.slice(warmUp.length, warmUp.length + Math.ceil(okPerSecond(warm) * seconds));
  } else await runLoad({ kind: 'fixed', url, connections: 8, seconds: 2, headers: pageHeaders });
  const window = { fromUs: monotonicUs(), toUs: 0 };
  const load = measured?.length
    ? await runLoad({
        kind: 'list',
        origin: server.origin,
        paths: measured,
        connections: 8,
        seconds,
        headers: pageHeaders,
      })
    : await runLoad({ kind: 'fixed', url, connections: 8, seconds, headers: pageHeaders });
  window.toUs = monotonicUs();
  await stopLoadGenerator();
  const asked = measured?.length ? `${measured.length} distinct URLs such as ${pagePath}` : pagePath;
  log(`  ${name}: ${round(okPerSecond(load), 0)} req/s at 8 clients while profiled (${asked})`);
  await server.stop();
  const file = existsSync(profileDir) ? readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile')) : undefined;
  if (!file) {
    log('  no CPU profile was written (the server did not exit cleanly)');
    return undefined;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const kept = path.join(RESULTS_DIR, `server-${name}.cpuprofile`);
  copyFileSync(path.join(profileDir, file), kept);
  return { ...summariseProfile(kept, window), page: `${name} (${asked})` };
}

function printProfile(summary: ProfileSummary) {
  log(
    `\nServer CPU profile, ${summary.page} under load (${path.relative(REPO, summary.file)}): ${summary.total_ms} ms sampled, ${summary.idle_pct} % idle`,
  );
  log(
    table(
      ['where (self time)', 'ms', '% busy'],
      summary.by_area.map((a) => [a.area, a.ms, a.pct]),
    ),
  );
  log('');
  log(
    table(
      ['function', 'location', 'ms', '% busy'],
      summary.top_functions.map((f) => [f.function, f.location.slice(-60), f.ms, f.pct]),
      ['l', 'l', 'r', 'r'],
    ),
  );
}

let options: Options;
try {
  const parsed = parseOptions(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    process.exit(0);
  }
  options = parsed;
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : error}\n\n${USAGE}`);
  process.exit(2);
}

installExitHandlers();
try {
  const results = await main(options);
  results.machine.load_end = os
    .loadavg()
    .map((n) => round(n, 2))
    .join(' ');
  results.machine.run_seconds = round((performance.now() - started) / 1000, 0);
  results.machine.database ??= options.pg ? 'PostgreSQL' : 'PGlite';
  results.machine.catalogue ??= `${options.size} catalogue`;
  results.targets = evaluateTargets(results, {
    database: options.pg ? 'postgres' : 'pglite',
    size: options.size,
    quick: options.quick,
  });
  await cleanupAll();
  console.log(`\n${formatReport(results)}`);
  if (results.profile) printProfile(results.profile as ProfileSummary);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  const stamp = String(results.machine.date).replace(/[:]/g, '').replace(/Z$/, '');
  writeFileSync(
    path.join(
      RESULTS_DIR,
      `${stamp}-${options.pg ? 'pg' : 'pglite'}-${options.size}${options.quick ? '-quick' : ''}.json`,
    ),
    json,
  );
  console.log(`\nResults: bench/results/latest.json  (run took ${elapsed()})`);
} catch (error) {
  // After Ctrl-C the interrupted step fails too; the signal handler reports and exits.
  if (!stopping()) {
    console.error(`\nbench: ${error instanceof Error ? error.message : error}`);
    await cleanupAll();
    process.exit(1);
  }
}
