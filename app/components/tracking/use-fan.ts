import { useRouteLoaderData } from 'react-router';
import { useSignedIn } from '~/lib/auth/account-store';
import type { RootAuthData } from '../auth/auth-host';

/** Whether a fan is signed in: the server's word until the browser's account store answers. */
export function useFanSignedIn(): boolean {
  const data = useRouteLoaderData('root') as RootAuthData | undefined;
  return useSignedIn(!!data?.signedIn);
}
