import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { useSignedIn } from '~/lib/auth/account-store';
import { type PublicConfig, setPublicConfig } from '~/lib/auth/config';
import { useAuthDialog } from '~/lib/auth/dialog-store';
import { useToasterWanted } from '~/lib/auth/notify';
import { useServerHtml, whenPageIdle } from '../hydration';

/** What the root loader provides for identity (app/root.tsx). */
export type RootAuthData = {
  config: PublicConfig;
  sessionUser: { uid: string; systemRole: string } | null;
  /** Whether the request came with a session (its visitor may be unknown: ADR 0043). */
  signedIn: boolean;
};

const AuthRuntime = lazy(() => import('./auth-runtime'));

/**
 * Identity on every page, mounted once by the root layout. This part is tiny and always
 * loaded; the runtime (dialog, onboarding, notifications, the session) is fetched only when
 * someone is or was signed in, the dialog opens, a notification shows, or a guarded page
 * sent the visitor here with `?signin=`: anonymous visitors download none of it
 * (ARCHITECTURE.md page weight). For a fan signed in when the page came, it waits until the
 * page is idle (ADR 0047): keeping the session fresh can wait a moment, and on a slow link its
 * files would share the round trip of the page's own code, which a Follow pressed at the
 * load event waits on. Firebase itself comes only when the session needs it (ADR 0058).
 */
export function AuthHost() {
  const data = useRouteLoaderData('root') as RootAuthData | undefined;
  // Set during render so that effects anywhere below can already use it.
  if (data?.config && typeof window !== 'undefined') setPublicConfig(data.config);
  const signedInOnServer = !!data?.signedIn;
  const signedIn = useSignedIn(signedInOnServer);
  const dialog = useAuthDialog();
  const toaster = useToasterWanted();
  const { search } = useLocation();
  const hydrated = !useServerHtml();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  const needed =
    (signedIn && (idle || !signedInOnServer)) || dialog.open || toaster || new URLSearchParams(search).has('signin');
  if (!data?.config || !hydrated || !needed) return null;
  return (
    <Quiet>
      <Suspense fallback={null}>
        <AuthRuntime config={data.config} signedInOnServer={signedInOnServer} />
      </Suspense>
    </Quiet>
  );
}

/** A runtime chunk that cannot load (replaced by a deploy, network down) must not break the page. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
