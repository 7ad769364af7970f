import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import type { EmulatedIdentity, SocialProvider } from '~/lib/auth/session';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '~/lib/auth/validation';

// Loaded on use, like the rest of the sign-in machinery (keeps the form's own chunk small).
const session = () => import('~/lib/auth/session');
const errorSentence = (error: unknown) => import('~/lib/auth/auth-errors').then((m) => m.authErrorMessage(error));
const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

const RECENT_KEY = 'encore-emulated-identities';

function recentIdentities(): EmulatedIdentity[] {
  try {
    const value = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter((v): v is EmulatedIdentity => typeof v?.email === 'string' && typeof v?.name === 'string')
      : [];
  } catch {
    return [];
  }
}

function remember(identity: EmulatedIdentity) {
  const next = [identity, ...recentIdentities().filter((i) => i.email !== identity.email)].slice(0, 5);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Not remembering is fine.
  }
}

/**
 * Emulator mode only (ARCHITECTURE.md): Google and Apple popups cannot work offline, so this
 * stands in for the provider's account chooser. It says plainly that no real account is
 * involved, and signs in through the emulator's fake-credential form.
 */
export function EmulatedAccountChooser({
  provider,
  renderTitle,
  onBack,
  onSuccess,
}: {
  provider: SocialProvider;
  renderTitle: (text: string) => ReactNode;
  onBack: () => void;
  onSuccess: () => void;
}) {
  const id = useId();
  const name = PROVIDER_NAMES[provider];
  const [recent] = useState(recentIdentities);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(identity: EmulatedIdentity) {
    setBusy(true);
    setFormError(null);
    try {
      await (await session()).signInWithEmulatedProvider(provider, identity);
      remember(identity);
      onSuccess();
    } catch (error) {
      // SPEC §8: a failed registration on our server signs out with no message.
      if ((error as Error | undefined)?.name !== 'SignInIncompleteError') setFormError(await errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const identity = { email: email.trim(), name: displayName.trim() };
    setEmail(identity.email);
    setDisplayName(identity.name);
    if (!isValidEmail(identity.email)) {
      setEmailError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setEmailError(null);
    void signIn(identity);
  }

  return (
    <div className="flex flex-col gap-4" data-testid="emulated-account-chooser">
      <div>
        {renderTitle(`Emulated ${name} sign-in`)}
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Encore is running against the Firebase Auth emulator. No real {name} account is used and nothing leaves this
          machine: pick or type a test identity.
        </p>
      </div>

      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}

      {recent.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Recent test identities">
          {recent.map((identity) => (
            <li key={identity.email}>
              <button
                type="button"
                disabled={busy}
                onClick={() => signIn(identity)}
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-left hover:bg-slate-50 disabled:opacity-60"
              >
                <span className="block font-medium">{identity.name || identity.email}</span>
                {identity.name && <span className="block text-sm text-slate-600">{identity.email}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}

      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3"
        aria-label={`Emulated ${name} account`}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
            Test account email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={!!emailError}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500 aria-invalid:border-red-500"
          />
          {emailError && (
            <p id={`${id}-email-error`} className="text-sm text-red-700">
              {emailError}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
            Display name (optional)
          </label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500"
          />
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing in…' : `Sign in with emulated ${name} account`}
        </Button>
      </form>
      <button type="button" onClick={onBack} className="text-sm font-semibold text-brand-700 hover:underline">
        Back to other sign-in options
      </button>
    </div>
  );
}
