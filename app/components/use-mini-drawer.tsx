import { useLocation, useRouteLoaderData } from 'react-router';
import { FALLBACK_VIEWPORT, hasMiniDrawer, type Viewport } from '~/lib/viewport';
import { HydrateOnUse, onUse } from './hydration';

/** Whether this visitor's screen class (root loader, viewport cookie) shows the mini drawer. */
export function useMiniDrawer(): boolean {
  const root = useRouteLoaderData('root') as { viewport?: Viewport } | undefined;
  return hasMiniDrawer(root?.viewport ?? FALLBACK_VIEWPORT);
}

// The drawer's code comes on first use (components/hydration/): its links are page links,
// which navigate before it has code; its one control, the expand button, is replayed.
const drawer = onUse<{ pathname: string }>('mini-drawer', () =>
  import('./mini-drawer').then((module) => ({ default: module.MiniDrawer })),
);

/**
 * The mini drawer as a part of the page. The page's path is a prop so that a client
 * navigation hydrates it (a part hydrates when its props change) and it marks the new page.
 */
export function MiniDrawerPart() {
  return <HydrateOnUse part={drawer} props={{ pathname: useLocation().pathname }} />;
}
