import { useState } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { AuthForm } from '~/components/auth/auth-form';
import type { AuthMode } from '~/lib/auth/dialog-store';
import { safeRedirect } from '~/lib/auth/redirect';

/**
 * The form posts only if the page never became interactive (sign-in runs in the browser):
 * send the visitor back to the page rather than answer 405.
 */
export const action = () => redirect('/signin', 303);

export const meta = () => [{ title: 'Sign in · Encore' }];

/**
 * SPEC §2 /signin (split layout): the same form as the dialog, on a page of its own. SPEC §8
 * sends a user here after a 401; `redirectTo` (our origin only) says where to continue.
 */
export default function SignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const continueTo = safeRedirect(params.get('redirectTo'));
  return (
    <AuthForm
      mode={mode}
      onModeChange={setMode}
      onSuccess={() => navigate(continueTo, { replace: true })}
      continueTo={continueTo}
      renderTitle={(text) => <h1 className="text-3xl font-bold text-ink">{text}</h1>}
    />
  );
}
