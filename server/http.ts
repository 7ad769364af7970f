import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { AccessLog, logWhenAnswered } from './access-log.ts';
import { readSessionToken, readSessionUser, SESSION_COOKIE } from './accounts/session.ts';
import { apiPlugin, badUrlBody, ROUTER_OPTIONS, routerProblem } from './app.ts';
import { onCatalogueChanged } from './catalogue/changes.ts';
import { compressedResponse, MIN_BYTES } from './compress.ts';
import type { Services } from './context.ts';
import { badInputResponse, checkHeaders, checkUrl, decodableTarget, type InputProblem } from './input-guard.ts';
import { createPageCache, type PageCacheOptions } from './page-cache.ts';
import { PAGE_KEY_QUERY } from './page-query.ts';
import { newNonce, setSecurityHeaders, WORKER_POLICY } from './security-headers.ts';
import { fanVersion } from './tracking/fan-versions.ts';

export { PAGE_KEY_QUERY } from './page-query.ts';

export type WebServerOptions = {
  services: Services;
  /** Folder holding React Router's `client/` and `server/` output. */
  buildDir?: string;
  /** The server build to render with instead of `buildDir`'s (tests load it through Vite). */
  build?: ServerBuild;
};

/**
 * One Fastify instance: the product API at /api, hashed assets from build/client with a
 * long cache, and every other path rendered by React Router on the server.
 */
export async function createWebServer({
  services,
  buildDir = 'build',
  build: givenBuild,
}: WebServerOptions): Promise<FastifyInstance> {
  const { env, logger } = services;
  const app = Fastify({
    loggerInstance: logger,
    logController: new AccessLog(),
    // Every log line of a request carries this id, and so does its answer (X-Request-Id).
    genReqId: () => randomUUID(),
    // A target the router cannot decode (`/events/x/%E9`) is answered like any other
    // malformed input: our JSON 400 under /api, the 400 error page elsewhere.
    frameworkErrors: (_error, request, reply) => {
      setSecurityHeaders(reply.raw, request.id);
      logWhenAnswered(request, reply as FastifyReply);
      if (isApiPath(request.raw.url)) return (reply as FastifyReply).status(400).send(badUrlBody(request.raw.url));
      servePage(request, reply, routerProblem(request.raw.url));
    },
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.REQUEST_TIMEOUT_MS,
    // X-Forwarded-* only from the proxies TRUST_PROXY names (ADR 0013); absolute URLs come
    // from PUBLIC_ORIGIN whatever the headers say.
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY.join(',') : false,
    // On shutdown, requests that already reached us are served, not answered 503.
    return503OnClosing: false,
    ...ROUTER_OPTIONS,
  });

  app.decorateRequest('inputProblem', null);

  // Shutdown (ADR 0016): while draining, answers tell keep-alive clients to reconnect
  // elsewhere; once refusing, requests are answered 503 before any work, so the connections
  // the kernel already accepted are answered rather than reset when the listener closes.
  let phase: 'serving' | 'draining' | 'refusing' = 'serving';
  let connections = 0;
  app.server.on('connection', () => {
    connections++;
  });
  app.decorate('drain', () => {
    if (phase === 'serving') phase = 'draining';
  });
  app.decorate('refuse', () => {
    phase = 'refusing';
  });
  app.decorate('connectionsSeen', () => connections);
  // Every answer (API, files, pages, redirects, errors, hijacked or not) starts with the
  // security headers set on the raw response; a page's render replaces the policy with its
  // nonce-based one (app/entry.server.tsx). The edge input check runs here for pages and
  // files; the API runs the same check and answers in JSON (server/app.ts).
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(reply.raw, request.id);
    request.inputProblem = checkUrl(request.raw.url ?? '/') ?? checkHeaders(request.headers) ?? null;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (phase === 'serving') return;
    reply.header('Connection', 'close');
    if (phase === 'draining') return;
    reply.status(503).header('Retry-After', '1').header('Cache-Control', 'no-store');
    if (request.url.startsWith('/api/')) {
      return reply.send({
        error: { code: 'shutting_down', message: 'This server is restarting: try again in a moment' },
      });
    }
    return reply.type('text/html; charset=utf-8').send(RESTARTING_PAGE);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (phase !== 'serving') reply.header('Connection', 'close');
  });

  // The build's files are never compressed at run time (ADR 0057, amended): those of MIN_BYTES
  // or more come with their .br and .gz from the build, the smaller ones are sent as they are.
  // @fastify/compress compresses every streamed file, whatever its size: the favicon's 210
  // bytes and `build.json`, which every open tab polls, cost a Brotli stream each request.
  // Marked here, before @fastify/compress's own onRoute hook reads the mark.
  const clientDir = path.resolve(buildDir, 'client');
  app.addHook('onRoute', (route) => {
    const root = (route.config as { rootPath?: unknown } | undefined)?.rootPath;
    if (typeof root === 'string' && path.resolve(root) === clientDir) route.compress = false;
  });
  // API answers compressed (br/gzip); pages are compressed in the not-found handler.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: MIN_BYTES });
  await app.register(apiPlugin, { services, prefix: '/api' });

  const serverEntry = path.resolve(buildDir, 'server', 'index.js');
  if (!givenBuild && !existsSync(serverEntry)) {
    throw new Error(`No web build at ${serverEntry}: run \`npm run build\` first`);
  }
  const build = givenBuild ?? ((await import(pathToFileURL(serverEntry).href)) as ServerBuild);

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The files' .br and .gz, made by the build at the highest levels (ADR 0057): sent as
    // they are; @fastify/compress does not see these routes (above).
    preCompressed: true,
    setHeaders(reply, sentPath) {
      // The file sent may be its .br or .gz: the headers are those of the file it holds.
      const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
      if (filePath === path.join(clientDir, 'sw.js')) reply.header('Content-Security-Policy', WORKER_POLICY);
      const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // Always production: development mode answers errors with their message and stack, and no
  // way of starting Encore may do that (issue 12). Errors are logged by app/entry.server.tsx.
  const mode = 'production';
  // Loaders learn the signed-in user from the verified session cookie (server/accounts/session.ts).
  // When the cookie cannot be checked (database or identity service down) the visitor is not
  // taken for anonymous: guards and the root loader answer 503 (app/lib/auth.server.ts).
  // Route middleware (ADR 0023) needs a RouterContextProvider; it carries the same fields.
  // Loaders also learn which catalogue they read: data kept across requests is kept per
  // version (ADR 0028).
  let catalogueVersion = 0;
  const stopCounting = onCatalogueChanged(() => catalogueVersion++);
  app.addHook('onClose', async () => stopCounting());
  // `known`: what the page handler knows of the request that React Router's Request does not
  // carry. Passed along, not kept in an AsyncLocalStorage: one of those makes Node run a hook
  // for every promise the process creates, and a render creates thousands (ADR 0073).
  const getLoadContext = async (request: Request, known: PageRequest) => {
    const context = new RouterContextProvider();
    if (known.inputProblem) {
      // Refused at the edge: the root loader answers 400, and any loader that reaches for the
      // database or the visitor (a guard would redirect) meets the same 400 first.
      Object.assign(context, { services: refusingServices(services, known.inputProblem), catalogueVersion, ...known });
      Object.defineProperty(context, 'sessionUser', { get: refuser(known.inputProblem), enumerable: true });
      return context;
    }
    try {
      return Object.assign(context, {
        services,
        sessionUser: await readSessionUser(services, request.headers.get('cookie')),
        catalogueVersion,
        ...known,
      });
    } catch {
      return Object.assign(context, {
        services,
        sessionUser: null,
        sessionUnavailable: true,
        catalogueVersion,
        ...known,
      });
    }
  };
  const renderDocument = createRequestHandler(build, mode);
  // Pages stream through this module's React Router, the copy the context above comes from:
  // with route middleware on, React Router checks the context with `instanceof`.
  const handle = async (req: IncomingMessage, res: ServerResponse, known: PageRequest) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const request = fetchRequest(req, {
      signal: controller.signal,
      method: req.method ?? 'GET',
      pathAndQuery: known.inputProblem ? decodableTarget(req.url ?? '/') : undefined,
    });
    let response: Response;
    try {
      response = await renderDocument(request, await getLoadContext(request, known));
    } catch (error) {
      logger.error({ err: error }, 'page render failed');
      response = new Response('Unexpected Server Error', { status: 500 });
    }
    const rawHeaders: string[] = [];
    for (const [name, value] of response.headers) rawHeaders.push(name, value);
    res.writeHead(response.status, rawHeaders);
    if (response.body && req.method !== 'HEAD') {
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
    }
    res.end();
  };

  // Every page cache keys on the URL and cookies renders read, and a catalogue write in this
  // process drops what it holds at once.
  const pageCacheOf = (
    options: Pick<PageCacheOptions, 'shareWithSession' | 'personal' | 'maxEntries' | 'maxBytes' | 'onError'>,
  ) => {
    if (env.PAGE_CACHE_TTL_MS <= 0) return undefined;
    const cache = createPageCache({
      ttlMs: env.PAGE_CACHE_TTL_MS,
      keyCookies: renderedCookiesOf(build),
      keyQuery: PAGE_KEY_QUERY,
      sessionCookie: SESSION_COOKIE,
      ...options,
    });
    const stop = onCatalogueChanged(() => cache.clear());
    app.addHook('onClose', async () => stop());
    return cache;
  };
  // Anonymous visitors' pages are rendered once per TTL (ADR 0009).
  const pageCache = pageCacheOf({
    // Documents only: the data of a client navigation or a revalidation after a write (the
    // fan's tracked state in the root's) is read for the visitor.
    shareWithSession: (req) => !isDataRequest(req.url),
    onError: (error) => logger.error({ err: error }, 'page cache render failed'),
  });
  // A fan's own pages (FAN_PAGES) are kept for them until something they show changes: the
  // fan's rows (their version, ADR 0049), the catalogue or the TTL. Bounded apart, so fans'
  // pages never push out the pages every visitor shares.
  const fanPages = pageCacheOf({
    personal: true,
    maxEntries: FAN_PAGES_MAX,
    maxBytes: FAN_PAGES_MAX_BYTES,
    onError: (error) => logger.error({ err: error }, 'fan page render failed'),
  });
  /**
   * Who a signed-in visitor is, for the key of their kept pages: their verified session's
   * user and the version of their rows. Undefined when nothing may be kept for them (no
   * session, not registered yet, the session not checkable): their page is rendered as usual.
   */
  const visitorOf = async (req: IncomingMessage): Promise<string | undefined> => {
    try {
      const user = await readSessionUser(services, req.headers.cookie);
      if (!user?.registered) return undefined;
      const version = await fanVersion(services.database.db, user.uid);
      return JSON.stringify([user.uid, user.email ?? null, user.systemRole, version]);
    } catch {
      return undefined;
    }
  };
  const render = async (req: IncomingMessage, known: PageRequest, personal = false) => {
    // A signed-in visitor's page comes from the render every signed-in visitor shares (ADR
    // 0043): rendered without their cookie, so nothing of theirs is in it. A fan's own page
    // (personal) is rendered with their session, the one their key was checked from.
    const token = readSessionToken(req.headers.cookie);
    const shared = !personal && token !== undefined;
    const cache = personal ? fanPages : pageCache;
    // What the cache keyed it on, and nothing else: its URL on our own origin, the query
    // parameters and cookies pages read, as they read them (a session cookie is not one).
    const cookies = cache?.cookieOf(req);
    const session = personal && token !== undefined ? `${SESSION_COOKIE}=${token}` : '';
    const request = fetchRequest(req, {
      origin: env.PUBLIC_ORIGIN,
      pathAndQuery: cache?.urlOf(req),
      cookie: session ? (cookies ? `${cookies}; ${session}` : session) : cookies,
    });
    // The cache reads the answer whole before it sends a byte (page-cache.ts): no need to stream it.
    const context = Object.assign(await getLoadContext(request, known), { readWhole: true });
    return renderDocument(request, shared ? sharedBySignedIn(context) : context);
  };

  // Everything that is neither an API route (the /api plugin answers its own 404s in JSON)
  // nor a static file is a page: React Router renders it, including its own 404.
  app.setNotFoundHandler((request, reply) => servePage(request, reply, request.inputProblem));
  return app;

  function servePage(request: FastifyRequest, reply: FastifyReply, inputProblem: InputProblem | null) {
    reply.hijack();
    const known: PageRequest = { nonce: newNonce(), requestId: request.id, inputProblem };
    // The error page of a refused request is built on our own origin, never on a Host that
    // may not even form a URL.
    if (inputProblem) {
      const host = new URL(env.PUBLIC_ORIGIN).host;
      const raw = request.raw;
      raw.headers.host = host;
      for (let i = 0; i < raw.rawHeaders.length; i += 2) {
        if (raw.rawHeaders[i]!.toLowerCase() === 'host') raw.rawHeaders[i + 1] = host;
      }
    }
    const stream = () =>
      handle(request.raw, compressedResponse(request.raw, reply.raw) as unknown as typeof reply.raw, known);
    if (fanPages && !known.inputProblem && isFanPage(request.raw)) {
      const cache = fanPages;
      void visitorOf(request.raw).then(async (visitor) => {
        const key = cache.keyOf(request.raw, visitor);
        if (
          key === undefined ||
          !(await cache.serve(request.raw, reply.raw, key, () => render(request.raw, known, true)))
        )
          await stream();
      });
      return;
    }
    const key = known.inputProblem ? undefined : pageCache?.keyOf(request.raw);
    if (!pageCache || key === undefined) return stream();
    void pageCache
      .serve(request.raw, reply.raw, key, () => render(request.raw, known))
      .then((served) => {
        if (!served) stream();
      });
  }
}

const isApiPath = (url: string | undefined) =>
  url === '/api' || !!url?.startsWith('/api/') || !!url?.startsWith('/api?');

/**
 * The request React Router sees, built as @react-router/node builds it (protocol of the
 * socket, Host header, path), but for a page the cache renders: that one is built from what
 * the cache keys it on (`origin`, `pathAndQuery`, `cookie`), so the render can tell apart no
 * two requests that share a key. The page cache renders with GET (a HEAD is answered from the
 * GET's render, without its body); pages streamed directly keep their method and body.
 */
function fetchRequest(
  req: IncomingMessage,
  options: { signal?: AbortSignal; method?: string; origin?: string; pathAndQuery?: string; cookie?: string } = {},
): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (options.cookie === undefined || name.toLowerCase() !== 'cookie') headers.append(name, req.rawHeaders[i + 1]!);
  }
  if (options.cookie) headers.set('cookie', options.cookie);
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const origin = options.origin ?? `${protocol}//${headers.get('host') ?? 'localhost'}`;
  const url = new URL(options.pathAndQuery ?? req.url ?? '/', origin);
  const method = options.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: options.signal,
    ...(withBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

type PageRequest = { nonce: string; requestId: string; inputProblem: InputProblem | null };

/**
 * The cookies pages read, as they read them (app/entry.server.tsx exports it from
 * app/lib/page-cookies.server.ts): the page cache's key and the only cookies a cached render sees.
 */
function renderedCookiesOf(build: ServerBuild): (header: string | undefined) => string {
  const read = (build.entry.module as { renderedCookies?: unknown }).renderedCookies;
  if (typeof read !== 'function')
    throw new Error('The web build does not export renderedCookies from its server entry');
  return read as (header: string | undefined) => string;
}

/**
 * Pages that show a signed-in fan their own things and are kept for them (ADR 0049): my
 * Encore, as a document (its data requests, a client navigation's, are read for the fan).
 */
const FAN_PAGES = new Set(['/my-encore']);
const FAN_PAGES_MAX = 500;
const FAN_PAGES_MAX_BYTES = 32 * 1024 * 1024;
const isFanPage = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && FAN_PAGES.has((req.url ?? '/').split('?')[0]!);

/** React Router's single-fetch data requests (`/path.data`, `/_root.data`): a visitor's, never shared. */
const isDataRequest = (url: string | undefined) => /\.data$/.test((url ?? '').split('?')[0]!);

/**
 * The load context of the render every signed-in visitor of a page shares (ADR 0043): no
 * session is read (the request was rendered without its cookie), `sharedRender` tells the root
 * loader that someone signed in will see it, and a loader that asks who the visitor is (a
 * guard, a personal page) ends the render with `personalRender()`: the page cache then renders
 * the page for that visitor instead.
 */
function sharedBySignedIn<C extends object>(context: C): C {
  Object.defineProperty(context, 'sessionUser', {
    get: () => {
      throw personalRender();
    },
    enumerable: true,
  });
  return Object.assign(context, { sharedRender: true });
}

/** Thrown by a shared render that reached for the visitor: never cached, never sent (page-cache.ts). */
const personalRender = () =>
  new Response('A page of its own for this visitor', {
    status: 409,
    headers: { 'Cache-Control': 'private, no-store' },
  });

/**
 * The services a refused request's loaders get: any use of the database answers the same 400
 * as the root loader, so nothing malformed reaches a query whichever loader runs first.
 */
function refusingServices(services: Services, problem: InputProblem): Services {
  const database = new Proxy({} as Services['database'], { get: refuser(problem) });
  return { ...services, database };
}

const refuser = (problem: InputProblem) => () => {
  throw badInputResponse(problem.message);
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Keep serving, with `Connection: close` on every answer. */
    drain(): void;
    /** Answer every new request 503 with `Connection: close`, before any work. */
    refuse(): void;
    /** Connections accepted so far (the listener's `connection` events). */
    connectionsSeen(): number;
  }
  interface FastifyRequest {
    /** What the edge input check refused in this request (server/input-guard.ts), if anything. */
    inputProblem: InputProblem | null;
  }
}

/** SPEC §2 error page, static: a server that is stopping renders nothing. */
const RESTARTING_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Something went wrong · Encore</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem">' +
  '<p style="font-size:4rem;font-weight:900;margin:0">503</p><h1>Nothing to see here :(</h1>' +
  '<p><a href="/">Return to Homepage</a></p></body></html>';

/** The listener closes after a round this long in which no new connection was accepted. */
const QUIET_MS = 100;
/** However busy it stays, the listener closes this long after the grace period. */
const MAX_REFUSING_MS = 8_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const afterPoll = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Connections the kernel has queued for our listener and Node has not accepted yet (Linux:
 * rx_queue of the LISTEN row in /proc/net/tcp*); undefined where that cannot be read. Node
 * accepts about one connection per turn of the event loop, so under backlog this queue, not
 * the accept rate, tells whether closing the listener would reset anyone.
 */
async function acceptQueue(port: number): Promise<number | undefined> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let total: number | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const table = await readFile(file, 'utf8').catch(() => undefined);
    if (table === undefined) continue;
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hexPort}`)) continue;
      total = (total ?? 0) + Number.parseInt(queues?.split(':')[1] ?? '0', 16);
    }
  }
  return total;
}

/**
 * Graceful stop (ADR 0016): serve for `graceMs` (requests already on their way are served,
 * with `Connection: close`), then answer new requests 503 until every connection the kernel
 * queued for us was accepted and answered, then stop listening and wait for in-flight
 * requests to finish. Closing the listener resets what is still queued, and Node destroys
 * accepted connections whose request it has not read yet; so the listener closes only after
 * the accept queue is empty and a QUIET_MS round past the event loop's poll phase brought no
 * new connection (rounds count loop turns, since a long render can hold the loop).
 */
export async function shutdown(app: FastifyInstance, graceMs: number): Promise<void> {
  app.drain();
  if (graceMs > 0) await delay(graceMs);
  app.refuse();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : undefined;
  const until = performance.now() + MAX_REFUSING_MS;
  for (;;) {
    const seen = app.connectionsSeen();
    await delay(QUIET_MS);
    await afterPoll();
    const queued = port === undefined ? undefined : await acceptQueue(port);
    if ((app.connectionsSeen() === seen && !queued) || performance.now() > until) break;
  }
  await app.close();
}
