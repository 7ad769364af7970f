import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from './accounts/auth-service.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';

/** What the server hands to the API routes and to React Router loaders (in-process). */
export type Services = {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
  /** Firebase ID token verification (server/accounts). */
  auth: AuthService;
  /**
   * Whether this node has warmed up and may take a balanced share of traffic (/api/health
   * answers 503 "starting" until then); absent where nothing balances (tests, tools).
   */
  readiness?: { ready: boolean };
};
