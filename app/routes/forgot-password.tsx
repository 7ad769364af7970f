import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, redirect, useSearchParams } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import {
  INVALID_EMAIL_MESSAGE,
  isValidEmail,
  PASSWORD_MISMATCH_MESSAGE,
  REQUIRED_MESSAGE,
} from '~/lib/auth/validation';

/**
 * The form posts only if the page never became interactive (sign-in runs in the browser):
 * send the visitor back to the page, which explains that JavaScript is needed.
 */
export const action = () => redirect('/forgot-password', 303);

export const meta = () => [{ title: 'Forgot password · Encore' }];

// Fetched when the visitor starts using the form (focus, a press), or at once to check a reset
// link's code; not with the page (first-load budget, ADR 0011).
const loadFirebase = () => import('~/lib/auth/firebase').then((m) => m.loadFirebase());
const authErrorMessage = (error: unknown) => import('~/lib/auth/auth-errors').then((m) => m.authErrorMessage(error));

const inputClass =
  'rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500 aria-invalid:border-red-500';

/**
 * SPEC §2 /forgot-password (auth layout). Without a code: ask Firebase to email a reset link.
 * With `?mode=resetPassword&oobCode=…` (the link's code, when the project's email action
 * URL points here): choose the new password.
 */
export default function ForgotPassword() {
  const [params] = useSearchParams();
  const code = params.get('oobCode');
  if (code && (params.get('mode') ?? 'resetPassword') === 'resetPassword') return <ChooseNewPassword code={code} />;
  return <RequestReset />;
}

function RequestReset() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const preload = () => void loadFirebase().catch(() => {});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    setEmail(value);
    if (!isValidEmail(value)) {
      setEmailError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setEmailError(null);
    setFormError(null);
    setBusy(true);
    try {
      const { auth, sdk } = await loadFirebase();
      await sdk.sendPasswordResetEmail(auth, value);
      setSentTo(value);
    } catch (error) {
      setFormError(await authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-ink">Check your inbox</h1>
        <p role="status" className="text-slate-700">
          If an Encore account uses <span className="font-medium">{sentTo}</span>, we have sent it a link to reset the
          password. The link works for one hour.
        </p>
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" onFocusCapture={preload} onPointerDownCapture={preload}>
      <h1 className="text-2xl font-bold text-ink">Reset your password</h1>
      <p className="text-slate-600">
        Type the email you sign in with and we will send you a link to choose a new password.
      </p>
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Resetting a password needs JavaScript. Turn it on, then reload this page.
        </p>
      </noscript>
      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={!!emailError}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className={inputClass}
          />
          {emailError && (
            <p id={`${id}-email-error`} className="text-sm text-red-700">
              {emailError}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
      <Link to="/signin" className="text-sm font-semibold text-brand-700 hover:underline">
        Back to sign in
      </Link>
    </div>
  );
}

function ChooseNewPassword({ code }: { code: string }) {
  const id = useId();
  const [email, setEmail] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    loadFirebase()
      .then(({ auth, sdk }) => sdk.verifyPasswordResetCode(auth, code))
      .then((address) => active && setEmail(address))
      .catch(async (error) => {
        const message = await authErrorMessage(error);
        if (active) setCheckError(message);
      });
    return () => {
      active = false;
    };
  }, [code]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { password: password.trim(), confirm: confirm.trim() };
    const found: typeof errors = {};
    if (!values.password) found.password = REQUIRED_MESSAGE;
    if (values.password && values.password !== values.confirm) found.confirm = PASSWORD_MISMATCH_MESSAGE;
    setErrors(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    setFormError(null);
    try {
      const { auth, sdk } = await loadFirebase();
      await sdk.confirmPasswordReset(auth, code, values.password);
      setDone(true);
    } catch (error) {
      setFormError(await authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (checkError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-ink">This link cannot be used</h1>
        <p role="alert" className="text-slate-700">
          {checkError}
        </p>
        <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
          Send a new link
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-ink">Password changed</h1>
        <p role="status" className="text-slate-700">
          Your password has been changed. Sign in with your new password.
        </p>
        <Link to="/signin" className={buttonClass({ size: 'lg', className: 'text-center' })}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink">Choose a new password</h1>
      <p className="text-slate-600">
        {email ? (
          <>
            For <span className="font-medium">{email}</span>
          </>
        ) : (
          'Checking your link…'
        )}
      </p>
      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Choose a new password"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-password`} className="text-sm font-medium text-slate-800">
            New password
          </label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
            className={inputClass}
          />
          {errors.password && (
            <p id={`${id}-password-error`} className="text-sm text-red-700">
              {errors.password}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-confirm`} className="text-sm font-medium text-slate-800">
            Repeat the new password
          </label>
          <input
            id={`${id}-confirm`}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={!!errors.confirm}
            aria-describedby={errors.confirm ? `${id}-confirm-error` : undefined}
            className={inputClass}
          />
          {errors.confirm && (
            <p id={`${id}-confirm-error`} className="text-sm text-red-700">
              {errors.confirm}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy || !email}>
          {busy ? 'Saving…' : 'Save new password'}
        </Button>
      </form>
    </div>
  );
}
