import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { AccessLog, logWhenAnswered } from './access-log.ts';
import { accountsPlugin } from './accounts/routes.ts';
import { imagesRoutes } from './catalogue/images.ts';
import { openApiPlugin } from './catalogue/openapi.ts';
import './openapi-routes.ts';
import { placesRoutes } from './catalogue/places-routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import type { Services } from './context.ts';
import { isDatabaseUnavailable } from './db/client.ts';
import { ApiError, type ApiErrorBody, RETRY_AFTER_SECONDS } from './errors.ts';
import {
  BAD_URL_PROBLEM,
  checkHeaders,
  checkJson,
  checkUrl,
  decodeUtf8,
  type InputProblem,
  namePathField,
} from './input-guard.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { trackingRoutes } from './tracking/routes.ts';

/** Fastify's 4xx errors as the API words them (server/errors.ts shape). */
const FRAMEWORK_ERRORS: Record<string, ApiErrorBody['error']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'body_too_large',
    message: 'The request body must be at most 1 MiB',
    field: 'body',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as application/json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_body', message: 'body: must not be empty', field: 'body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_body', message: 'body: must be valid JSON', field: 'body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_body',
    message: 'body: does not match its Content-Length',
    field: 'body',
  },
  FST_ERR_CTP_INVALID_TYPE: { code: 'unsupported_media_type', message: 'Content-Type must be a media type' },
  FST_ERR_CTP_EMPTY_TYPE: { code: 'unsupported_media_type', message: 'Content-Type must not be empty' },
  FST_ERR_BAD_URL: {
    code: 'invalid_input',
    message: 'path: must be valid UTF-8 text (percent-encoded)',
    field: 'path',
  },
};

/**
 * The product API as an encapsulated Fastify plugin. The web server mounts it at /api;
 * `buildApi` wraps it in a stand-alone instance (tests use `app.inject`).
 */
export const apiPlugin: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  // The edge checks (server/input-guard.ts), before any route runs: a malformed path, query,
  // header or cookie is a 400 naming the field; so is a JSON body that is not UTF-8 or holds
  // a NUL, a lone surrogate or an over-long string.
  api.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(reply.raw, request.id);
    const found = checkUrl(request.raw.url ?? '/') ?? checkHeaders(request.headers);
    if (!found) return;
    const problem = namePathField(found, request.routeOptions.url);
    throw new ApiError(400, 'invalid_input', problem.message, problem.field);
  });
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === undefined)
      return done(new ApiError(400, 'invalid_input', 'body: must be valid UTF-8 JSON', 'body'), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const problem = checkJson(value);
      if (problem) return done(new ApiError(400, 'invalid_input', problem.message, problem.field), undefined);
      done(null, value);
    });
  });

  api.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody());
    const { statusCode, code } = error as { statusCode?: number; code?: string };
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      // Fastify's own 4xx (bad JSON body, payload too large, unsupported media type…), in our
      // words: its codes and messages are the library's, not the API's.
      const known = FRAMEWORK_ERRORS[code ?? ''];
      const body = known ?? { code: 'bad_request', message: 'The request could not be understood' };
      request.log.info({ code, statusCode }, 'request refused');
      return reply.status(statusCode).send({ error: body });
    }
    if (isDatabaseUnavailable(error)) {
      // The pool reconnects by itself once the server is back (ADR 0016): nothing to restart.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({
          error: { code: 'database_unavailable', message: 'Encore cannot reach its data right now: try again shortly' },
        });
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
    if (!ok) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
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

/**
 * A target the router refuses (bad percent-encoding, a parameter over its length) in our
 * words: what the edge check finds in it, else a bad URL. Fastify's own answer would name
 * its internal code.
 */
export function routerProblem(url: string | undefined): InputProblem {
  return checkUrl(url ?? '/') ?? BAD_URL_PROBLEM;
}

export function badUrlBody(url: string | undefined): ApiErrorBody {
  const problem = routerProblem(url);
  return { error: { code: 'invalid_input', message: problem.message, field: problem.field } };
}

export async function buildApi(services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger,
    logController: new AccessLog(),
    ...ROUTER_OPTIONS,
    frameworkErrors: (_error, request, reply) => {
      setSecurityHeaders(reply.raw, request.id);
      logWhenAnswered(request, reply as FastifyReply);
      (reply as FastifyReply).status(400).send(badUrlBody(request.raw.url));
    },
  });
  await app.register(apiPlugin, { services, prefix: '/api' });
  await app.ready();
  return app;
}
