import type { ComponentProps } from 'react';
import { pageLinkMarks } from './page-link-marks';

export type PageLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: string;
  /** Replace the current history entry (as `<Link replace>`). */
  replace?: boolean;
  /** Keep the scroll position (as `<Link preventScrollReset>`). */
  preventScrollReset?: boolean;
};

/**
 * A link among the many a page lists: event and artist cards, filter chips, pages of results,
 * the footer (ADR 0064); the header's and the drawer's are `NavPageLink`s (nav-page-link.tsx).
 * It renders the anchor React Router's `<Link>` renders, `data-discover` included so the
 * router learns its route ahead, but none of `<Link>`'s per-link hooks: a search page has seventy links, and their hooks were a
 * twentieth of its render on the server and of its hydration in the browser. The app
 * shell's one click handler makes a plain click on it a client navigation, as `<Link>`
 * would (app-shell.tsx). That handler runs first (capturing): an `onClick` here is for what
 * goes with the navigation (closing a menu), it cannot cancel it.
 *
 * `<Link>` stays for links that need more than that: a click that does something else, state.
 */
export function PageLink({ to, replace, preventScrollReset, ...rest }: PageLinkProps) {
  return <a {...rest} href={to} {...pageLinkMarks(replace)} data-keep-scroll={preventScrollReset ? '' : undefined} />;
}
