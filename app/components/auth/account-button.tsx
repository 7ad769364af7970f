import { useRouteLoaderData } from 'react-router';
import { useAccount, useSignedIn } from '~/lib/auth/account-store';
import { openAuthDialog } from '~/lib/auth/dialog-store';
import { greetingName } from '~/lib/display-name';
import { loadSignInDialog } from '../hydration';
import { buttonClass } from '../ui/button';
import { PageLink } from '../ui/page-link';
import type { RootAuthData } from './auth-host';

// Hovering the header button starts fetching the sign-in dialog.
const preloadSignInDialog = () => void loadSignInDialog().catch(() => {});

const base = 'rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap';

/**
 * SPEC §2 header button: 'Sign in' opens the sign-in dialog (a plain link to /signin before
 * the page is interactive); signed in, it reads 'my account' and leads to /profile.
 */
export function AccountButton({ className = '', tone = 'light' }: { className?: string; tone?: 'light' | 'hero' }) {
  const data = useRouteLoaderData('root') as RootAuthData | undefined;
  const signedIn = useSignedIn(!!data?.signedIn);
  const account = useAccount();
  if (signedIn) {
    // The fan's picture (or initial) beside the label: a saved profile shows up here at once.
    // The round slot is there from the server's render on, which knows only that someone is
    // signed in: the name comes from this browser's account, and a button that narrowed to
    // the picture once it came moved under a phone's finger (and a test's click).
    const name = greetingName(account);
    return (
      <PageLink
        to="/profile"
        className={`${base} inline-flex items-center gap-2 border py-1 pl-1 max-sm:p-1 ${
          tone === 'hero'
            ? 'border-white/70 text-white hover:bg-white/15'
            : 'border-brand-600 text-brand-700 hover:bg-brand-50'
        } ${className}`}
        data-testid="account-button"
      >
        {account.image ? (
          <img
            src={account.image}
            alt=""
            width={28}
            height={28}
            className="h-7 w-7 rounded-full object-cover"
            data-testid="account-picture"
          />
        ) : name ? (
          // The initial is drawn by CSS, so the button's text stays 'my account' (SPEC §2).
          <span
            aria-hidden="true"
            data-initial={name.charAt(0)}
            className="grid h-7 w-7 place-items-center rounded-full bg-brand-600 text-xs font-bold text-white uppercase before:content-[attr(data-initial)]"
          />
        ) : (
          // Until this browser's account is read (and for a name made by a machine): a person.
          <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded-full bg-brand-600 text-white">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M10 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm0 1.5c-3.3 0-6 1.8-6 4V17h12v-1.5c0-2.2-2.7-4-6-4Z" />
            </svg>
          </span>
        )}
        {/* On a phone the picture alone (the header holds the menu, logo, this and the alerts
            bell on one line); the label stays the link's name for everyone. */}
        <span className="max-sm:sr-only">my account</span>
      </PageLink>
    );
  }
  // A plain anchor, not a page link: its own click opens the dialog instead (/signin is where
  // it leads before the code is there, or with a modifier key).
  return (
    <a
      href="/signin"
      aria-haspopup="dialog"
      data-opens="sign-in"
      className={buttonClass({ size: 'sm', className: `whitespace-nowrap ${className}` })}
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
    </a>
  );
}
