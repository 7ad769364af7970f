import type { SessionUser } from '../server/accounts/session.ts';
import type { Services } from '../server/context.ts';

/** What the server hands every loader, action and middleware in-process (no loopback HTTP). */
type EncoreContext = {
  services: Services;
  /** The verified user of the session cookie; null for anonymous visitors. */
  sessionUser: SessionUser | null;
};

// With route middleware on (react-router.config.ts), the context is a RouterContextProvider;
// server/http.ts puts the same two fields on it, so loaders read them as before.
declare module 'react-router' {
  interface AppLoadContext extends EncoreContext {}
  interface RouterContextProvider extends EncoreContext {}
}
