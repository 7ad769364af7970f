import type { SessionUser } from '../server/accounts/session.ts';
import type { Services } from '../server/context.ts';

// Loaders and actions receive the server's services in-process (no loopback HTTP).
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** The verified user of the session cookie; null for anonymous visitors. */
    sessionUser: SessionUser | null;
    /**
     * Bumped by every catalogue write in this process: what loaders keep across requests is
     * kept per version (the server's own module instance counts; the app's build has its own).
     */
    catalogueVersion?: number;
  }
}
