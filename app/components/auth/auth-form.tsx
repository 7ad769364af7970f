import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { getPublicConfig } from '~/lib/auth/config';
import type { AuthMode } from '~/lib/auth/dialog-store';
import type { SocialProvider } from '~/lib/auth/session';
import { type CredentialErrors, validateCredentials } from '~/lib/auth/validation';
import { isNative } from '~/lib/platform';
import { useIsAndroid } from './use-is-android';

// The sign-in machinery (Firebase, API client, error sentences) is fetched when the visitor
// starts using the form (focus, a press, a pointer on a provider button), not with the page:
// /signin stays light for visitors who are just passing (first-load budget, ADR 0011).
const session = () => import('~/lib/auth/session');
const preloadSignIn = () => {
  session()
    .then((s) => s.preloadSignIn())
    .catch(() => {});
};
const errorSentence = (error: unknown) => import('~/lib/auth/auth-errors').then((m) => m.authErrorMessage(error));
const EmulatedAccountChooser = lazy(() =>
  import('./emulated-account-chooser').then((m) => ({ default: m.EmulatedAccountChooser })),
);

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

export type AuthFormProps = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Called once the whole SPEC §4 sign-in flow succeeded. */
  onSuccess: () => void;
  /** Where a redirect-based social sign-in (popup blocked) should continue. */
  continueTo: string;
  /** Renders the heading (a Dialog.Title inside the dialog, an h1 on /signin). */
  renderTitle: (text: string) => ReactNode;
  /** A link inside the form was followed (the dialog closes). */
  onNavigate?: () => void;
};

/**
 * SPEC §2 sign-in / sign-up form: email and password, a forgot-password link, the email,
 * Apple and Google buttons (Apple hidden on Android), the switch between sign-in and
 * sign-up, and the terms and privacy note. Values are trimmed on submit (SPEC §5).
 */
export function AuthForm({ mode, onModeChange, onSuccess, continueTo, renderTitle, onNavigate }: AuthFormProps) {
  const id = useId();
  const android = useIsAndroid();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'email' | SocialProvider | null>(null);
  const [chooser, setChooser] = useState<SocialProvider | null>(null);

  const signingIn = mode === 'signin';

  async function run(kind: 'email' | SocialProvider, action: () => Promise<unknown>) {
    setBusy(kind);
    setFormError(null);
    try {
      await action();
      onSuccess();
    } catch (error) {
      // SPEC §8: when registering on our server fails the user is signed out with no message
      // (the API's own message, if any, was already shown as a notification).
      if ((error as Error | undefined)?.name !== 'SignInIncompleteError') setFormError(await errorSentence(error));
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { email: email.trim(), password: password.trim() };
    setEmail(values.email);
    setPassword(values.password);
    setSubmitted(true);
    const found = validateCredentials(values.email, values.password);
    setErrors(found);
    if (found.email || found.password) return;
    await run('email', async () => {
      const s = await session();
      await (signingIn ? s.signInWithEmail : s.signUpWithEmail)(values.email, values.password);
    });
  }

  async function onSocial(provider: SocialProvider) {
    // Devices sign in through the shell's plugin, emulator or not (ADR 0021).
    if (getPublicConfig().firebase.emulatorHost && !isNative()) {
      setFormError(null);
      setChooser(provider);
      return;
    }
    await run(provider, async () => {
      const s = await session();
      // A full-page redirect is under way: stay busy until the page goes.
      if ((await s.signInWithSocial(provider, continueTo)) === 'redirecting') await new Promise(() => {});
    });
  }

  if (chooser) {
    return (
      <Suspense fallback={null}>
        <EmulatedAccountChooser
          provider={chooser}
          renderTitle={renderTitle}
          onBack={() => setChooser(null)}
          onSuccess={onSuccess}
        />
      </Suspense>
    );
  }

  const revalidate = (next: { email?: string; password?: string }) => {
    if (submitted) setErrors(validateCredentials((next.email ?? email).trim(), (next.password ?? password).trim()));
  };

  return (
    <div className="flex flex-col gap-5" onFocusCapture={preloadSignIn} onPointerDownCapture={preloadSignIn}>
      {renderTitle(signingIn ? 'Sign in to Encore' : 'Create your Encore account')}

      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}

      {/* POST: should the page not be interactive yet, credentials never end up in a URL. */}
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label={signingIn ? 'Sign in' : 'Sign up'}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              revalidate({ email: e.target.value });
            }}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500 aria-invalid:border-red-500"
          />
          {errors.email && (
            <p id={`${id}-email-error`} className="text-sm text-red-700">
              {errors.email}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between">
            <label htmlFor={`${id}-password`} className="text-sm font-medium text-slate-800">
              Password
            </label>
            {signingIn && (
              <Link to="/forgot-password" onClick={onNavigate} className="text-sm text-brand-700 hover:underline">
                Forgot password?
              </Link>
            )}
          </div>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={signingIn ? 'current-password' : 'new-password'}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              revalidate({ password: e.target.value });
            }}
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500 aria-invalid:border-red-500"
          />
          {errors.password && (
            <p id={`${id}-password-error`} className="text-sm text-red-700">
              {errors.password}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy !== null}>
          {busy === 'email'
            ? signingIn
              ? 'Signing in…'
              : 'Creating your account…'
            : signingIn
              ? 'Sign in with email'
              : 'Sign up with email'}
        </Button>
      </form>

      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <div className="flex flex-col gap-2">
        <button
          type="button"
          disabled={busy !== null}
          onPointerEnter={preloadSignIn}
          onClick={() => onSocial('google')}
          className="flex items-center justify-center gap-2 rounded-full border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          <img src="/auth/google.svg" alt="" width={20} height={20} />
          {busy === 'google' ? 'Connecting to Google…' : `Continue with ${PROVIDER_NAMES.google}`}
        </button>
        {!android && (
          <button
            type="button"
            disabled={busy !== null}
            onPointerEnter={preloadSignIn}
            onClick={() => onSocial('apple')}
            className="flex items-center justify-center gap-2 rounded-full bg-black px-4 py-2.5 font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
          >
            <img src="/auth/apple.svg" alt="" width={20} height={20} />
            {busy === 'apple' ? 'Connecting to Apple…' : `Continue with ${PROVIDER_NAMES.apple}`}
          </button>
        )}
      </div>

      <p className="text-center text-sm text-slate-700">
        {signingIn ? 'New to Encore? ' : 'Already have an account? '}
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => {
            setFormError(null);
            setErrors({});
            setSubmitted(false);
            onModeChange(signingIn ? 'signup' : 'signin');
          }}
        >
          {signingIn ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>

      <p className="text-center text-xs leading-5 text-slate-500">
        By continuing you agree to Encore's{' '}
        <Link to="/terms-of-service" onClick={onNavigate} className="underline hover:text-brand-700">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" onClick={onNavigate} className="underline hover:text-brand-700">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
