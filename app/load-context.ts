import type { SessionUser } from '#server/accounts/session';
import type { Services } from '#server/context';
import type { InputProblem } from '#server/input-guard';

/** What the server hands every loader, action and middleware in-process (no loopback HTTP). */
type EncoreContext = {
  services: Services;
  /** The verified user of the session cookie; null for anonymous visitors. */
  sessionUser: SessionUser | null;
  /** This render's Content-Security-Policy nonce (app/entry.server.tsx). */
  nonce: string;
  /** The id in this request's log lines and its X-Request-Id header. */
  requestId: string;
  /** What the edge input check refused (server/input-guard.ts): the root loader answers 400. */
  inputProblem: InputProblem | null;
  /**
   * This render is the one every signed-in visitor of the page shares (ADR 0043, server/http.ts):
   * reading `sessionUser` ends it, and the page is rendered for the visitor instead.
   */
  sharedRender?: boolean;
  /** The session cookie could not be checked (database or identity service down): not anonymous. */
  sessionUnavailable?: boolean;
  /**
   * Bumped by every catalogue write in this process: what loaders keep across requests is
   * kept per version (the server's own module instance counts; the app's build has its own).
   */
  catalogueVersion?: number;
  /**
   * The page is read whole before anyone gets a byte of it (the page cache keeps it, server/http.ts):
   * app/entry.server.tsx gathers it into one buffer instead of streaming it (ADR 0077).
   */
  readWhole?: boolean;
};

// With route middleware on (react-router.config.ts), the context is a RouterContextProvider;
// server/http.ts puts these fields on it, so loaders read them as before.
declare module 'react-router' {
  interface AppLoadContext extends EncoreContext {}
  interface RouterContextProvider extends EncoreContext {}
}
