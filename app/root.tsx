import { lazy } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { AuthHost } from './components/auth/auth-host';
import { RouteFocus, SkipLink } from './components/route-focus';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { publicConfig } from './lib/auth.server';

// Only error pages need it (their hydration waits for it, the server's HTML in place).
const ErrorPage = lazy(() => import('./components/error-page').then((module) => ({ default: module.ErrorPage })));

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** Public runtime config and who is signed in (from the verified session cookie). */
export function loader({ context }: Route.LoaderArgs) {
  const user = context.sessionUser;
  return {
    config: publicConfig(context),
    sessionUser: user ? { uid: user.uid, systemRole: user.systemRole } : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6a3ff5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <SkipLink />
        {children}
        <AuthHost />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
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
  return (
    <>
      <title>{status === 404 ? 'Page not found · Encore' : 'Something went wrong · Encore'}</title>
      <SiteHeader />
      <ErrorPage status={status} detail={detail} />
      <SiteFooter />
    </>
  );
}
