import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getAccount, useAccount } from './account-store';
import { currentUser } from './session';
import { freshFor } from './token';

/**
 * The browser half of the SPEC §6 guards (the server half, which decides who sees the page
 * at all, is app/lib/auth.server.ts): leave a guarded page for / when Firebase has nobody
 * signed in in this browser (nor a fresh stored account), or when the user signs out while
 * on it. Roles are the server's business: a locally stored role may be stale.
 */
export function useBrowserGuard() {
  const navigate = useNavigate();
  const account = useAccount();
  const hadUser = useRef(false);

  useEffect(() => {
    // A stored account whose token is fresh is the provider's own word until it renews the
    // token (ADR 0058): the SDK is not loaded just to say so again.
    const stored = getAccount();
    if (stored.uid && freshFor(stored.token) > 0) return;
    let active = true;
    currentUser()
      .then((user) => {
        if (active && !user) navigate('/', { replace: true });
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [navigate]);

  useEffect(() => {
    if (account.uid) hadUser.current = true;
    else if (hadUser.current) navigate('/', { replace: true });
  }, [account.uid, navigate]);
}
