import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { readSessionUser, SESSION_COOKIE } from './accounts/session.ts';
import { apiPlugin, ROUTER_OPTIONS } from './app.ts';
import { onCatalogueChanged } from './catalogue/changes.ts';
import { compressedResponse } from './compress.ts';
import type { Services } from './context.ts';
import { createPageCache, type PageCache } from './page-cache.ts';

/**
 * Cookies page renders read (app/**): the remembered filters (app/lib/preferences.ts
 * FILTERS_COOKIE, read by the home loader) and the screen class (app/lib/viewport.ts
 * VIEWPORT_COOKIE, read by the root loader for the layout). The session cookie is not here:
 * a request that has one is never served from the page cache. server/page-cache.test.ts
 * checks app/ reads no other request input.
 */
export const PAGE_KEY_COOKIES = ['encoreFilters', 'encoreViewport'] as const;

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
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.REQUEST_TIMEOUT_MS,
    trustProxy: true,
    // On shutdown, requests that already reached us are served, not answered 503.
    return503OnClosing: false,
    ...ROUTER_OPTIONS,
  });

  // While draining for shutdown, tell keep-alive clients to reconnect elsewhere.
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close');
  });

  // Assets and API answers compressed (br/gzip); pages are compressed in the not-found handler.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(apiPlugin, { services, prefix: '/api' });

  const clientDir = path.resolve(buildDir, 'client');
  const serverEntry = path.resolve(buildDir, 'server', 'index.js');
  if (!givenBuild && !existsSync(serverEntry)) {
    throw new Error(`No web build at ${serverEntry}: run \`npm run build\` first`);
  }
  const build = givenBuild ?? ((await import(pathToFileURL(serverEntry).href)) as ServerBuild);

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const mode = env.NODE_ENV === 'production' ? 'production' : 'development';
  // Loaders learn the signed-in user from the verified session cookie (server/accounts/session.ts).
  // Route middleware (ADR 0023) needs a RouterContextProvider; it carries the same two fields.
  const getLoadContext = async (request: Request) =>
    Object.assign(new RouterContextProvider(), {
      services,
      sessionUser: await readSessionUser(services, request.headers.get('cookie')),
    });
  const renderDocument = createRequestHandler(build, mode);
  // Pages stream through this module's React Router, the copy the context above comes from:
  // with route middleware on, React Router checks the context with `instanceof`.
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const request = fetchRequest(req, { signal: controller.signal, method: req.method ?? 'GET' });
    let response: Response;
    try {
      response = await renderDocument(request, await getLoadContext(request));
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

  // Anonymous visitors' pages are rendered once per TTL (ADR 0009); a catalogue write in this
  // process drops them at once.
  let pageCache: PageCache | undefined;
  if (env.PAGE_CACHE_TTL_MS > 0) {
    const cache = createPageCache({
      ttlMs: env.PAGE_CACHE_TTL_MS,
      keyCookies: PAGE_KEY_COOKIES,
      sessionCookie: SESSION_COOKIE,
      onError: (error) => logger.error({ err: error }, 'page cache render failed'),
    });
    const stop = onCatalogueChanged(() => cache.clear());
    app.addHook('onClose', async () => stop());
    pageCache = cache;
  }
  const render = async (req: IncomingMessage) => {
    const request = fetchRequest(req);
    return renderDocument(request, await getLoadContext(request));
  };

  // Everything that is neither an API route (the /api plugin answers its own 404s in JSON)
  // nor a static file is a page: React Router renders it, including its own 404.
  app.setNotFoundHandler((request, reply) => {
    reply.hijack();
    const stream = () => handle(request.raw, compressedResponse(request.raw, reply.raw) as unknown as typeof reply.raw);
    const key = pageCache?.keyOf(request.raw);
    if (!pageCache || key === undefined) return stream();
    void pageCache
      .serve(request.raw, reply.raw, key, () => render(request.raw))
      .then((served) => {
        if (!served) stream();
      });
  });

  return app;
}

/**
 * The request React Router sees, built as @react-router/node builds it (protocol of the
 * socket, Host header, path): a cached page is keyed on exactly these. The page cache renders
 * with GET (a HEAD is answered from the GET's render, without its body); pages streamed
 * directly keep their method and body.
 */
function fetchRequest(req: IncomingMessage, options: { signal?: AbortSignal; method?: string } = {}): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const url = new URL(req.url ?? '/', `${protocol}//${headers.get('host') ?? 'localhost'}`);
  const method = options.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: options.signal,
    ...(withBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

declare module 'fastify' {
  interface FastifyInstance {
    drain(): void;
  }
}

/**
 * Graceful stop: keep serving for `graceMs` (so requests already on their way are accepted),
 * then stop listening and wait for in-flight requests to finish.
 */
export async function shutdown(app: FastifyInstance, graceMs: number): Promise<void> {
  app.drain();
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  await app.close();
}
