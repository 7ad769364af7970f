import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAccount, useAccount } from '~/lib/auth/account-store';
import type { PublicConfig } from '~/lib/auth/config';
import { openAuthDialog, useAuthDialog } from '~/lib/auth/dialog-store';
import { useToasterWanted } from '~/lib/auth/notify';
import { postponeQuiz, quizPostponed, quizSubmitted } from '~/lib/auth/onboarding';
import { safeRedirect } from '~/lib/auth/redirect';
import { freshFor } from '~/lib/auth/token';
import { lazyKept } from '~/lib/kept-import';
import { loadSignInDialog } from '../hydration';

const SignInDialog = lazyKept(loadSignInDialog);
const OnboardingDialog = lazy(() => import('./onboarding-dialog'));
const Toaster = lazy(() => import('./toaster'));
const session = () => import('~/lib/auth/session');

/**
 * The identity runtime (see AuthHost): the sign-in dialog, the onboarding quiz,
 * notifications, the `?signin=<path>` hand-off from guarded pages, and keeping the stored
 * account in step with Firebase.
 */
export default function AuthRuntime({ config, signedInOnServer }: { config: PublicConfig; signedInOnServer: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (sessionStorage.getItem('encore-auth-redirect') === null) return;
    session()
      .then((s) => s.finishRedirectSignIn())
      .then((next) => next && navigate(safeRedirect(next)))
      .catch(() => {});
  }, [navigate]);

  // Firebase is loaded only if someone is (or was) signed in here, and only when the session
  // needs it (ADR 0058). While the server knows the fan and the stored token is fresh, the
  // profile is read with that token, and the SDK comes when the token is due (5 minutes
  // before it expires, SPEC §9) to renew it; the renewed token arms the next renewal.
  // Without a session the server knew, the SDK restores it at once.
  const { uid, token } = useAccount();
  const known = uid !== '' || signedInOnServer;
  const fresh = known && signedInOnServer ? freshFor(token) : 0;
  const sdkNow = known && fresh === 0;
  const profileRead = useRef(false);
  useEffect(() => {
    if (!known || profileRead.current) return;
    profileRead.current = true;
    // With the SDK the profile is read as the session is restored (watchAuthState).
    if (!sdkNow) {
      session()
        .then((s) => s.refreshProfile())
        .catch(() => {});
    }
  }, [known, sdkNow]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: armed again when the token changes, not as `fresh` counts down
  useEffect(() => {
    if (!known) return;
    const keep = () => {
      session()
        .then((s) => (signedInOnServer ? s.renewSession() : s.watchAuthState()))
        .catch(() => {});
    };
    if (sdkNow) {
      keep();
      return;
    }
    const timer = window.setTimeout(keep, fresh);
    return () => window.clearTimeout(timer);
  }, [known, sdkNow, signedInOnServer, token]);

  // SPEC §2: an anonymous visitor sent to /my-encore lands on /?signin=/my-encore: open the
  // dialog and continue there after sign-in (our origin only).
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const target = params.get('signin');
    if (target === null) return;
    params.delete('signin');
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
    const next = safeRedirect(target);
    const go = () => navigate(next);
    if (!getAccount().uid) {
      openAuthDialog({ onSignedIn: go });
      return;
    }
    // Signed in here but the server did not know it (expired cookie): refresh it first.
    session()
      .then((s) => s.syncSession())
      .then((ok) => (ok ? go() : openAuthDialog({ onSignedIn: go })))
      .catch(() => openAuthDialog({ onSignedIn: go }));
  }, [location.search, location.pathname, location.hash, navigate]);

  return (
    <>
      <AuthDialogHost />
      <OnboardingHost delayMs={config.onboardingDelayMs} />
      <NotificationsHost />
    </>
  );
}

function AuthDialogHost() {
  const { open } = useAuthDialog();
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  // Stay mounted after the first use so the closing animation and focus return work.
  if (!open && !used) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <SignInDialog />
      </Suspense>
    </QuietBoundary>
  );
}

/**
 * SPEC §4: the quiz shows when the user is signed in, onboarding is false and the
 * quiz-submitted cookie is not set; the check starts ONBOARDING_DELAY_MS after load. If the
 * account has onboarding true, the dialog state is reset to closed.
 */
function OnboardingHost({ delayMs }: { delayMs: number }) {
  const account = useAccount();
  const authDialog = useAuthDialog();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setArmed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  // systemRole is filled by GET /accounts/me: until then onboarding is not known yet.
  const profileLoaded = account.systemRole !== '';
  useEffect(() => {
    if (account.onboarding || !account.uid) {
      setOpen(false);
      return;
    }
    if (!armed || !profileLoaded || dismissed || authDialog.open || quizSubmitted() || quizPostponed()) return;
    if (!busyElsewhere()) {
      setOpen(true);
      return;
    }
    // The fan is in another dialog or typing (an alert being set): ask once they are done.
    const timer = window.setInterval(() => {
      if (!busyElsewhere()) {
        window.clearInterval(timer);
        setOpen(true);
      }
    }, 2000);
    return () => window.clearInterval(timer);
  }, [armed, profileLoaded, dismissed, authDialog.open, account.uid, account.onboarding]);

  if (!open) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <OnboardingDialog
          onClose={(submitted) => {
            setOpen(false);
            if (!submitted) {
              setDismissed(true);
              postponeQuiz();
            }
          }}
        />
      </Suspense>
    </QuietBoundary>
  );
}

/** Another dialog or popover is open, or the fan is typing in a field: no quiz over that. */
function busyElsewhere(): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  const active = document.activeElement;
  return !!active && (active.matches('input, textarea, select') || (active as HTMLElement).isContentEditable);
}

function NotificationsHost() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QuietBoundary>
  );
}

/**
 * A chunk that fails to load (a deploy replaced it, the network dropped) must not take the
 * page down with it: the dialog or notification is simply not shown.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
