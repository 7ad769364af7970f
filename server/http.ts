import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { readSessionUser, SESSION_COOKIE } from './accounts/session.ts';
import { apiPlugin, badUrlBody, ROUTER_OPTIONS, routerProblem } from './app.ts';
import { onCatalogueChanged } from './catalogue/changes.ts';
import { compressedResponse } from './compress.ts';
import type { Services } from './context.ts';
import { badInputResponse, checkHeaders, checkUrl, type InputProblem } from './input-guard.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { newNonce, setSecurityHeaders, WORKER_POLICY } from './security-headers.ts';

/**
 * Cookies page renders read (app/**): the remembered filters (app/lib/preferences.ts
 * FILTERS_COOKIE, read by the home loader). The session cookie is not here: a request that
 * has one is never served from the page cache. server/page-cache.test.ts checks app/ reads
 * no other request input.
 */
export const PAGE_KEY_COOKIES = ['encoreFilters'] as const;

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
    // Every log line of a request carries this id, and so does its answer (X-Request-Id).
    genReqId: () => randomUUID(),
    // A target the router cannot decode (`/events/x/%E9`) is answered like any other
    // malformed input: our JSON 400 under /api, the 400 error page elsewhere.
    frameworkErrors: (_error, request, reply) => {
      setSecurityHeaders(reply.raw, request.id);
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

  // While draining for shutdown, tell keep-alive clients to reconnect elsewhere.
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close');
  });

  // Every answer (API, files, pages, redirects, errors, hijacked or not) starts with the
  // security headers set on the raw response; a page's render replaces the policy with its
  // nonce-based one (app/entry.server.tsx). The edge input check runs here for pages and
  // files; the API runs the same check and answers in JSON (server/app.ts).
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(reply.raw, request.id);
    request.inputProblem = checkUrl(request.raw.url ?? '/') ?? checkHeaders(request.headers) ?? null;
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
      if (filePath === path.join(clientDir, 'sw.js')) reply.header('Content-Security-Policy', WORKER_POLICY);
      const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // Always production: development mode answers errors with their message and stack, and no
  // way of starting Encore may do that (issue 12). Errors are logged by app/entry.server.tsx.
  const mode = 'production';
  // What the page handler knows of the request that React Router's Request does not carry.
  const pageRequest = new AsyncLocalStorage<PageRequest>();
  // Loaders learn the signed-in user from the verified session cookie (server/accounts/session.ts).
  const getLoadContext = async (request: Request) => {
    const known = pageRequest.getStore() ?? { nonce: newNonce(), requestId: '', inputProblem: null };
    if (known.inputProblem) {
      // Refused at the edge: the root loader answers 400, and any loader that reaches for the
      // database or the visitor (a guard would redirect) meets the same 400 first.
      const refused = { services: refusingServices(services, known.inputProblem), ...known } as AppLoadContext;
      Object.defineProperty(refused, 'sessionUser', { get: refuser(known.inputProblem), enumerable: true });
      return refused;
    }
    return { services, sessionUser: await readSessionUser(services, request.headers.get('cookie')), ...known };
  };
  const handle = createRequestListener({ build, mode, getLoadContext });

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
  const renderDocument = createRequestHandler(build, mode);
  const render = async (req: IncomingMessage, known: PageRequest) => {
    const request = fetchRequest(req);
    return pageRequest.run(known, async () => renderDocument(request, await getLoadContext(request)));
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
      pageRequest.run(known, () =>
        handle(request.raw, compressedResponse(request.raw, reply.raw) as unknown as typeof reply.raw),
      );
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
 * socket, Host header, path): a cached page is keyed on exactly these. Always GET: a HEAD
 * is answered from the GET's render, without its body.
 */
function fetchRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const url = new URL(req.url ?? '/', `${protocol}//${headers.get('host') ?? 'localhost'}`);
  return new Request(url, { method: 'GET', headers });
}

type PageRequest = { nonce: string; requestId: string; inputProblem: InputProblem | null };

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
    drain(): void;
  }
  interface FastifyRequest {
    /** What the edge input check refused in this request (server/input-guard.ts), if anything. */
    inputProblem: InputProblem | null;
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
