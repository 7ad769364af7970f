import { useRouteLoaderData } from 'react-router';
import { FALLBACK_VIEWPORT, hasMiniDrawer, type Viewport } from '~/lib/viewport';

/** Whether this visitor's screen class (root loader, viewport cookie) shows the mini drawer. */
export function useMiniDrawer(): boolean {
  const root = useRouteLoaderData('root') as { viewport?: Viewport } | undefined;
  return hasMiniDrawer(root?.viewport ?? FALLBACK_VIEWPORT);
}
