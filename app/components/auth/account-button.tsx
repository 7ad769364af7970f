import { Link, useRouteLoaderData } from 'react-router';
import { useSignedIn } from '~/lib/auth/account-store';
import { openAuthDialog } from '~/lib/auth/dialog-store';
import { preloadSignInDialog, type RootAuthData } from './auth-host';

const base = 'rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap';

/**
 * SPEC §2 header button: 'Sign in' opens the sign-in dialog (a plain link to /signin before
 * the page is interactive); signed in, it reads 'my account' and leads to /profile.
 */
export function AccountButton({ className = '' }: { className?: string }) {
  const data = useRouteLoaderData('root') as RootAuthData | undefined;
  const signedIn = useSignedIn(!!data?.sessionUser);
  if (signedIn) {
    return (
      <Link
        to="/profile"
        className={`${base} border border-brand-600 text-brand-700 hover:bg-brand-50 ${className}`}
        data-testid="account-button"
      >
        my account
      </Link>
    );
  }
  return (
    <Link
      to="/signin"
      aria-haspopup="dialog"
      className={`${base} bg-brand-600 text-white hover:bg-brand-700 ${className}`}
      data-testid="account-button"
      onMouseEnter={preloadSignInDialog}
      onFocus={preloadSignInDialog}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        openAuthDialog();
      }}
    >
      Sign in
    </Link>
  );
}
