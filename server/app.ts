import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { accountsPlugin } from './accounts/routes.ts';
import { imagesRoutes } from './catalogue/images.ts';
import { openApiPlugin } from './catalogue/openapi.ts';
import { placesRoutes } from './catalogue/places-routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import type { Services } from './context.ts';
import { ApiError } from './errors.ts';
import { trackingRoutes } from './tracking/routes.ts';

/**
 * The product API as an encapsulated Fastify plugin. The web server mounts it at /api;
 * `buildApi` wraps it in a stand-alone instance (tests use `app.inject`).
 */
export const apiPlugin: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  api.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody());
    const { statusCode, code, message } = error as { statusCode?: number; code?: string; message?: string };
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      // Fastify's own 4xx (bad JSON body, payload too large, unsupported media type…).
      return reply
        .status(statusCode)
        .send({ error: { code: code?.toLowerCase() ?? 'bad_request', message: message ?? 'Bad request' } });
    }
    request.log.error({ err: error }, 'unhandled API error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong' } });
  });

  api.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } }),
  );

  api.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (services.readiness && !services.readiness.ready) return reply.status(503).send({ status: 'starting' });
    const ok = await services.database.ping();
    return reply.status(ok ? 200 : 503).send(ok ? { status: 'ok' } : { status: 'unavailable' });
  });

  await api.register(accountsPlugin, { services });
  await api.register(placesRoutes);
  await api.register(imagesRoutes);
  await api.register(catalogueRoutes, { services });
  await api.register(openApiPlugin);
  await api.register(trackingRoutes, { services });
};

/**
 * Router limits shared by every Fastify instance that mounts the API. Path parameters may be
 * as long as a URL; the route's own schema then refuses an over-long id with our 400 naming
 * the field (Fastify's default stops at 100 characters with a bare 414).
 */
export const ROUTER_OPTIONS = { routerOptions: { maxParamLength: 2048 } } as const;

export async function buildApi(services: Services): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: services.logger, ...ROUTER_OPTIONS });
  await app.register(apiPlugin, { services, prefix: '/api' });
  await app.ready();
  return app;
}
