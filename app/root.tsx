import { lazy } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import appStylesheet from './app.css?url';
import { AppShell } from './components/app-shell';
import { AuthHost } from './components/auth/auth-host';
import { RouteFocus, SkipLink } from './components/route-focus';
import { TrackedAheadLink } from './components/tracking/tracked-ahead-link';
import { errorHeadersPassed, orUnavailable, publicConfig, requireDatabase } from './lib/auth.server';
import { refuseMalformedInput } from './lib/bad-input.server';
import { FAVICON } from './lib/favicon.server';
import { suggestionTemplateOf } from './lib/suggestions.server';
import { loadTracked } from './lib/tracking.server';
import { viewportFromCookie } from './lib/viewport.server';

// Only error pages need it (their hydration waits for it, the server's HTML in place).
const ErrorScreen = lazy(() => import('./components/error-screen').then((module) => ({ default: module.ErrorScreen })));

/**
 * Public runtime config, who is signed in (from the verified session cookie) and what they track. While the
 * database is out of reach every page answers SPEC's error page with 503 (ADR 0016).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A malformed path, query, header or cookie (server/input-guard.ts) is the visitor's
  // mistake: SPEC's error page with 400, before any loader queries anything.
  refuseMalformedInput(context);
  // The render signed-in visitors share (ADR 0043) knows someone is signed in, not who: the
  // page preloads what they track (TrackedAheadLink, ADR 0047).
  const signedIn = context.sharedRender === true;
  const user = signedIn ? null : context.sessionUser;
  // Every Follow and Watch button and the alerts badge (ADR 0033); read again after each write.
  // Asked for beside the database check, not after it: a fan's page waits for one round trip.
  const tracked = user ? orUnavailable(() => loadTracked(context, user.uid)) : null;
  // The check's 503 is the answer when the database is out of reach, not this read's failure.
  tracked?.catch(() => undefined);
  await requireDatabase(context);
  return {
    config: publicConfig(context),
    sessionUser: user ? { uid: user.uid, systemRole: user.systemRole } : null,
    signedIn: signedIn || !!user,
    tracked: await tracked,
    // SPEC §9: the layout of the visitor's screen class on the first request.
    viewport: viewportFromCookie(request.headers.get('cookie')),
    // A search box's first keystrokes ask for suggestions before its code is there (ADR 0046).
    suggest: suggestionTemplateOf(request.headers.get('cookie')),
    icon: FAVICON,
  };
}

/** A thrown answer's headers reach the document (Retry-After on a 503); routes add their own. */
export const headers = errorHeadersPassed;

/**
 * The root's data (configuration, who is signed in) is fetched again with each navigation's.
 * When that fails (the connection dropped), the page keeps what it has, so the failure shows
 * where the page's own data failed, with a Retry (SPEC §8 store messages), not as a blank error.
 */
let lastRootData: Awaited<ReturnType<typeof loader>> | undefined;
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    lastRootData = await serverLoader();
    return lastRootData;
  } catch (error) {
    if (!lastRootData || isRouteErrorResponse(error) || error instanceof Response) throw error;
    return lastRootData;
  }
}

/**
 * The root's data (configuration, who is signed in, the first request's screen class) does not
 * depend on the URL: a navigation to another page does not fetch it again, so a page whose data
 * was prefetched shows without waiting for a request (ADR 0036). A revalidation (Retry, the
 * same page again) or a form sent fetches it.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6a3ff5" />
        <Meta />
        <link rel="stylesheet" href={appStylesheet} precedence="app" />
        <Links />
        <SiteIcon />
        <TrackedAheadLink />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <SkipLink />
        {children}
        <AuthHost />
        <AppShell />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The icon from the root's data (lib/favicon.server.ts); the file where there is none. */
function SiteIcon() {
  const icon = useRouteLoaderData<typeof loader>('root')?.icon;
  return <link rel="icon" href={icon ?? '/favicon.svg'} type="image/svg+xml" />;
}

export default function App({ loaderData }: Route.ComponentProps) {
  lastRootData ??= loaderData;
  return (
    <>
      <RouteFocus />
      <Outlet />
    </>
  );
}

/** The one error boundary (SPEC §2 error page), inside the default chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let detail: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = typeof error.data === 'string' ? error.data : undefined;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return <ErrorScreen status={status} detail={detail} />;
}
