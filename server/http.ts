import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { readSessionUser, SESSION_COOKIE } from './accounts/session.ts';
import { apiPlugin, ROUTER_OPTIONS } from './app.ts';
import { onCatalogueChanged } from './catalogue/changes.ts';
import { compressedResponse } from './compress.ts';
import type { Services } from './context.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { PAGE_KEY_QUERY } from './page-query.ts';

/**
 * Cookies page renders read (app/**): the remembered filters (app/lib/preferences.ts
 * FILTERS_COOKIE, read by the home loader). The session cookie is not here: a request that
 * has one is never served from the page cache. server/page-cache.test.ts checks app/ reads
 * no other request input.
 */
export const PAGE_KEY_COOKIES = ['encoreFilters'] as const;

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
  // Loaders learn the signed-in user from the verified session cookie (server/accounts/session.ts),
  // and which catalogue they read: data kept across requests is kept per version (ADR 0028).
  let catalogueVersion = 0;
  const stopCounting = onCatalogueChanged(() => catalogueVersion++);
  app.addHook('onClose', async () => stopCounting());
  const getLoadContext = async (request: Request) => ({
    services,
    sessionUser: await readSessionUser(services, request.headers.get('cookie')),
    catalogueVersion,
  });
  const handle = createRequestListener({ build, mode, getLoadContext });

  // Anonymous visitors' pages are rendered once per TTL (ADR 0009); a catalogue write in this
  // process drops them at once.
  let pageCache: PageCache | undefined;
  if (env.PAGE_CACHE_TTL_MS > 0) {
    const cache = createPageCache({
      ttlMs: env.PAGE_CACHE_TTL_MS,
      keyCookies: PAGE_KEY_COOKIES,
      keyQuery: PAGE_KEY_QUERY,
      sessionCookie: SESSION_COOKIE,
      onError: (error) => logger.error({ err: error }, 'page cache render failed'),
    });
    const stop = onCatalogueChanged(() => cache.clear());
    app.addHook('onClose', async () => stop());
    pageCache = cache;
  }
  const renderDocument = createRequestHandler(build, mode);
  const render = async (req: IncomingMessage) => {
    const request = fetchRequest(req, pageCache?.urlOf(req));
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
 * socket, Host header, path): a cached page is keyed on exactly these. Always GET: a HEAD
 * is answered from the GET's render, without its body.
 */
function fetchRequest(req: IncomingMessage, pathAndQuery = req.url ?? '/'): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const url = new URL(pathAndQuery, `${protocol}//${headers.get('host') ?? 'localhost'}`);
  return new Request(url, { method: 'GET', headers });
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
