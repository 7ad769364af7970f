import { isIP } from 'node:net';
import { z } from 'zod';

/** A proxy address Fastify's trustProxy accepts: an IP, a CIDR, or proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * The one place that reads process.env. Parsed once at start-up; a bad variable stops the
 * process with a message naming every offending variable.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    CATALOGUE_SIZE: z.enum(['none', 'small', 'medium', 'large']).default('small'),
    TICKETMASTER_API_KEY: z.string().min(1).optional(),
    TICKETMASTER_BASE_URL: z.url().default('https://app.ticketmaster.com/discovery/v2'),
    TICKETMASTER_DAILY_BUDGET: z.coerce.number().int().positive().default(5000),
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-encore'),
    FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
    FIREBASE_AUTH_DOMAIN: z.string().optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must be host:port')
      .optional(),
    /**
     * Where the production verifier reads the public keys of ID tokens (Google's x509 map or a
     * JWKS); unset: Google's. The bench points it at a loopback key server to sign fans in.
     */
    FIREBASE_ID_TOKEN_CERTS_URL: z
      .url()
      .refine(
        (url) => url.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url),
        'must be https:// (or http:// on loopback)',
      )
      .optional(),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    PUBLIC_API_BASE_URL: z.string().min(1).default('/api'),
    /**
     * The site's origin as visitors reach it (https://encore.example): absolute URLs in pages,
     * the sitemap, JSON-LD and calendar files are built from it, never from request headers.
     * Unset: http://HOST:PORT (127.0.0.1 when HOST listens on every interface).
     */
    PUBLIC_ORIGIN: z
      .url()
      .refine((v) => /^https?:\/\//.test(v) && new URL(v).origin === v.replace(/\/$/, ''), {
        message: 'must be an http(s) origin with no path, e.g. https://encore.example',
      })
      .transform((v) => v.replace(/\/$/, ''))
      .optional(),
    /**
     * Proxies whose X-Forwarded-For/-Proto/-Host are honoured: comma-separated IPs, CIDRs or
     * `loopback` / `linklocal` / `uniquelocal`. Unset or `false`: forwarded headers are ignored.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) =>
        !v || v.trim() === 'false'
          ? []
          : v
              .split(',')
              .map((e) => e.trim())
              .filter(Boolean),
      )
      .refine((entries) => entries.every(isProxyAddress), {
        message: 'must be false, or comma-separated IP addresses, CIDRs, loopback, linklocal or uniquelocal',
      }),
    GTM_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
      .optional(),
    IP_GEOLOCATION_URL: z.url().optional(),
    ONBOARDING_DELAY_MS: z.coerce.number().int().min(0).default(360_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Anonymous page cache (server/page-cache.ts, ADR 0009): how long a rendered page is reused; 0 turns it off. */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** On SIGTERM, keep accepting for this long (answering `Connection: close`) before closing. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** my Encore jobs (ADR 0008), in ms; 0 turns one off, unset uses server/tracking/config.ts. */
    MARKET_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    PRICE_OBSERVATION_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    /** VAPID contact (RFC 8292) push services may use to reach the operator. */
    WEB_PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
      .default('mailto:alerts@encore.invalid'),
    /** A Firebase service account's key file: alerts then also go to the native shell's devices (FCM). */
    FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
    /** How often the browser checks /build.json for a newer deployment (ADR 0022). */
    BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  })
  .superRefine((env, ctx) => {
    // The emulator switch is independent of NODE_ENV (a production build may well run against
    // the emulator locally): what must never happen is a real project trusting emulator tokens,
    // which carry no signature. Firebase keeps demo-* project ids for the emulators alone.
    if (env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set for a real Firebase project (emulator tokens are unsigned; use a demo-* project id)',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_ORIGIN:
      env.PUBLIC_ORIGIN ?? `http://${['0.0.0.0', '::', ''].includes(env.HOST) ? '127.0.0.1' : env.HOST}:${env.PORT}`,
  }));

export type Env = z.output<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Treat empty strings as unset so `FOO=` in a .env file means "default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return result.data;
}

/**
 * For a process's entry point (the server, `npm start`, `npm run emulator`): the parsed
 * environment, or the message naming every bad variable and exit code 78 (EX_CONFIG).
 */
export function readEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
}
