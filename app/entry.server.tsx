import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
// The same renderer writing its HTML as strings, gathered into one write a flush (ADR 0063).
import { renderToPipeableStream } from 'react-dom/server.bun';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { SESSION_COOKIE } from '#server/accounts/session';
import { pageSecurityPolicy } from '#server/security-headers';
import { FlushedStrings, WholePage } from './flushed-strings.server';

/**
 * React Router's Node server entry with two changes (issue 12): every page carries a
 * nonce-based Content-Security-Policy whose nonce the server made for this request (it is
 * handed to ServerRouter, the default for Links, Scripts and ScrollRestoration), and errors
 * are logged with the request id instead of printed; the visitor only ever sees the error page.
 */
export const streamTimeout = 5_000;

/** What the page cache keys a page on and renders it with of the request's cookies (server/http.ts). */
export { renderedCookies } from '~/lib/page-cookies.server';

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  markPersonal(request, responseHeaders, loadContext);
  responseHeaders.set('Content-Security-Policy', pageSecurityPolicy(loadContext.services.env, nonce));
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots get the whole page at once, and so does the page cache, which keeps it whole
    // (server/http.ts): gathered into one buffer, with no stream between React and its reader
    // (ADR 0077). Everyone else gets the shell as soon as it is rendered.
    const bot = !!(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const whole = bot || loadContext.readWhole === true;
    // The status a page cache's render answers with is the shell's, as a streamed page's is.
    let shellStatus = responseStatusCode;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ended = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          shellStatus = responseStatusCode;
          if (whole) return;
          const body = new PassThrough({
            final(callback) {
              ended();
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(new FlushedStrings(body) as unknown as NodeJS.WritableStream);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onAllReady() {
          if (!whole) return;
          const page = new WholePage((bytes) => {
            ended();
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            const status = bot ? responseStatusCode : shellStatus;
            resolve(new Response(bytes as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status }));
          }, reject);
          pipe(new FlushedStrings(page) as unknown as NodeJS.WritableStream);
        },
        onShellError(error: unknown) {
          ended();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and reach handleError; these happened while streaming.
          if (shellRendered) logError(loadContext, error);
        },
      },
    );
  });
}

/** Client navigations fetch the same loader data: the same rule for personal answers. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  markPersonal(request, response.headers, context as AppLoadContext);
  return response;
};

/**
 * A render depends on the visitor's cookies (the remembered filters, the session): shared
 * caches must key on them. What is rendered for a signed-in visitor (their id and role are
 * in the page) is theirs alone: stored by no browser or shared cache (issue 12); the server
 * keeps a fan's own pages for that fan only (server/http.ts, ADR 0049).
 */
function markPersonal(request: Request, headers: Headers, context: AppLoadContext | undefined) {
  const vary = headers.get('Vary') ?? '';
  if (!/\bcookie\b/i.test(vary)) headers.set('Vary', vary ? `${vary}, Cookie` : 'Cookie');
  const cookie = request.headers.get('cookie') ?? '';
  const hasSession = cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
  // A refused request (context.inputProblem) has no visitor to read.
  const signedIn = !context?.inputProblem && !context?.sharedRender && !!context?.sessionUser;
  if (signedIn || hasSession || request.headers.get('authorization') !== null) {
    headers.set('Cache-Control', 'private, no-store');
  }
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who left mid-render is not an error of ours.
  if (request.signal.aborted) return;
  logError(context as AppLoadContext, error);
};

function logError(context: AppLoadContext | undefined, error: unknown) {
  const logger = context?.services?.logger;
  if (logger) logger.error({ err: error, reqId: context.requestId }, 'page render failed');
}
