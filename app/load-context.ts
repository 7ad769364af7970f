import type { SessionUser } from '../server/accounts/session.ts';
import type { Services } from '../server/context.ts';

// Loaders and actions receive the server's services in-process (no loopback HTTP).
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** The verified user of the session cookie; null for anonymous visitors. */
    sessionUser: SessionUser | null;
    /** The session cookie could not be checked (database or identity service down): not anonymous. */
    sessionUnavailable?: boolean;
  }
}
