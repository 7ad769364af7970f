import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ErrorSchema } from '#contracts/catalogue';

/**
 * GET /api/openapi.json, generated from the zod schemas the routes validate with, so the
 * document cannot drift from what the API accepts. Each plugin describes its operations
 * with `registerOperations` when its module loads (catalogue: server/catalogue/routes.ts).
 */

type AnyObject = z.ZodObject<z.ZodRawShape>;

export type OpenApiOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path below /api, Fastify style (`/events/:id`). */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Status → description and body schema (errors default to the one error shape). */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  /** Needs `Authorization: Bearer <Firebase ID token>`. */
  auth?: boolean;
};

const operations = new Map<string, OpenApiOperation>();
/** Named schemas become components and are referenced by $ref. */
const components = z.registry<{ id: string }>();

export function registerOperations(list: OpenApiOperation[]): void {
  for (const op of list) operations.set(`${op.method} ${op.path}`, op);
}

export function registerSchemas(schemas: Record<string, z.ZodType>): void {
  for (const [id, schema] of Object.entries(schemas)) {
    if (!components.has(schema)) components.add(schema, { id });
  }
}

registerSchemas({ Error: ErrorSchema });

const REF = (id: string) => `#/components/schemas/${id}`;

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const id = components.get(schema)?.id;
  if (id) return { $ref: REF(id) };
  // Unnamed schemas (parameters, ad-hoc bodies) are written inline.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parameters(where: 'path' | 'query', object: AnyObject | undefined) {
  if (!object) return [];
  return Object.entries(object.shape).map(([name, field]) => {
    const schema = jsonSchema(field as z.ZodType);
    return {
      name,
      in: where,
      required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
      ...((field as z.ZodType).description ? { description: (field as z.ZodType).description } : {}),
      schema,
      // SPEC §7: arrays are sent as repeated params.
      ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
    };
  });
}

export function openApiDocument(info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of [...operations.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const path = `/api${op.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: op.tags,
      operationId: `${op.method}${path.replace(/[^\w]+(\w)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [...parameters('path', op.params), ...parameters('query', op.query)],
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } }
        : {}),
      ...(op.auth ? { security: [{ firebase: [] }] } : {}),
      responses: Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            // 204 has no body; every error has the one JSON shape (server/errors.ts).
            ...(status === '204'
              ? {}
              : { content: { 'application/json': { schema: jsonSchema(r.schema ?? ErrorSchema) } } }),
          },
        ]),
      ),
    };
  }
  const { schemas } = z.toJSONSchema(components, { io: 'output', unrepresentable: 'any', uri: REF }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  for (const schema of Object.values(schemas)) delete schema.$schema;
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: { firebase: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
    },
  };
}

export const openApiPlugin: FastifyPluginAsync = async (api) => {
  let document: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', async (_request, reply) => {
    // Built on first request, once every plugin has registered its operations.
    document ??= openApiDocument({ title: 'Encore API', version: '1' });
    return reply.header('cache-control', 'public, max-age=300').send(document);
  });
};
