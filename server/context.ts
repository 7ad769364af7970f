import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';

/** What the server hands to the API routes and to React Router loaders (in-process). */
export type Services = {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
};
