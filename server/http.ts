import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { readSessionUser } from './accounts/session.ts';
import { apiPlugin } from './app.ts';
import { compressedResponse } from './compress.ts';
import type { Services } from './context.ts';

export type WebServerOptions = {
  services: Services;
  /** Folder holding React Router's `client/` and `server/` output. */
  buildDir?: string;
};

/**
 * One Fastify instance: the product API at /api, hashed assets from build/client with a
 * long cache, and every other path rendered by React Router on the server.
 */
export async function createWebServer({ services, buildDir = 'build' }: WebServerOptions): Promise<FastifyInstance> {
  const { env, logger } = services;
  const app = Fastify({
    loggerInstance: logger,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.REQUEST_TIMEOUT_MS,
    trustProxy: true,
    // On shutdown, requests that already reached us are served, not answered 503.
    return503OnClosing: false,
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
  if (!existsSync(serverEntry)) {
    throw new Error(`No web build at ${serverEntry}: run \`npm run build\` first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const handle = createRequestListener({
    build,
    mode: env.NODE_ENV === 'production' ? 'production' : 'development',
    // Loaders learn the signed-in user from the verified session cookie (server/accounts/session.ts).
    getLoadContext: async (request) => ({
      services,
      sessionUser: await readSessionUser(services, request.headers.get('cookie')),
    }),
  });

  // Everything that is neither an API route (the /api plugin answers its own 404s in JSON)
  // nor a static file is a page: React Router renders it, including its own 404.
  app.setNotFoundHandler((request, reply) => {
    reply.hijack();
    handle(request.raw, compressedResponse(request.raw, reply.raw) as unknown as typeof reply.raw);
  });

  return app;
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
