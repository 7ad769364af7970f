import { useRouteLoaderData } from 'react-router';
import type { TrackedState } from '#contracts/tracking';
import { TRACKING_ACTION } from '~/lib/tracking-action';

/**
 * The head's preload of a signed-in fan's state (ADR 0047), when the server left it to the
 * browser (the render fans share, ADR 0043). tracked-ahead.ts takes the answer.
 */
export function TrackedAheadLink() {
  const root = useRouteLoaderData('root') as { signedIn?: boolean; tracked?: TrackedState | null } | undefined;
  if (!root?.signedIn || root.tracked) return null;
  // Same URL, mode and credentials as tracked-ahead.ts's fetch (same origin, cookies sent): the
  // browser hands it the preloaded answer.
  return <link rel="preload" href={TRACKING_ACTION} as="fetch" crossOrigin="anonymous" data-tracked-ahead="" />;
}
