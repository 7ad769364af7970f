import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Env } from './env.ts';

/**
 * Security headers (issue 12, ADR 0013). Every response carries the common set; pages get a
 * nonce-based Content-Security-Policy made per render (app/entry.server.tsx), everything
 * else (JSON, files, redirects, errors) a policy that allows nothing, since none of it is a
 * document that should run or embed anything.
 */
export type SecurityEnv = Pick<
  Env,
  'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_AUTH_DOMAIN' | 'PUBLIC_API_BASE_URL' | 'IP_GEOLOCATION_URL'
>;

export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The app asks for the visitor's location (SPEC §4) and nothing else of the device.
  'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self), browsing-topics=()',
  // Sent on plain HTTP too: browsers ignore it there (RFC 6797 §8.1), and a TLS proxy in front
  // then needs no configuration of its own.
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  // Firebase's popup sign-in needs the opener link to its popup.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/** Anything that is not a page: nothing may run, load or frame it. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The service worker script (web push) fetches and shows nothing from elsewhere. */
export const WORKER_POLICY = "default-src 'self'; frame-ancestors 'none'";

export const newNonce = () => randomBytes(18).toString('base64');

const originOf = (url: string | undefined) => {
  if (!url || !/^https?:\/\//.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * A page's policy. Scripts: only those carrying this render's nonce, and what they load
 * ('strict-dynamic': route modules are imported by the nonce'd entry). Connections: our
 * origin, the Firebase Auth endpoints (the emulator in development and tests) and the
 * configured IP-location service. Images may come from catalogue sources over https.
 */
export function pageSecurityPolicy(env: SecurityEnv, nonce: string): string {
  const connect = ["'self'"];
  if (env.FIREBASE_AUTH_EMULATOR_HOST) connect.push(`http://${env.FIREBASE_AUTH_EMULATOR_HOST}`);
  else connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  for (const url of [env.PUBLIC_API_BASE_URL, env.IP_GEOLOCATION_URL]) {
    const origin = originOf(url);
    if (origin) connect.push(origin);
  }
  const frames =
    env.FIREBASE_AUTH_DOMAIN && !env.FIREBASE_AUTH_EMULATOR_HOST ? `https://${env.FIREBASE_AUTH_DOMAIN}` : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React renders style attributes and popovers position themselves with them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every answer starts with; set on the raw response so hijacked answers get them too. */
export function setSecurityHeaders(raw: ServerResponse, requestId: string): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) raw.setHeader(name, value);
  raw.setHeader('Content-Security-Policy', NON_DOCUMENT_POLICY);
  raw.setHeader('X-Request-Id', requestId);
}
