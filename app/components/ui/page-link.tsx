import type { ComponentProps } from 'react';

/**
 * A link among the many a page lists: event and artist cards, filter chips, pages of results,
 * the footer (ADR 0064). It renders the anchor React Router's `<Link>` renders, `data-discover`
 * included so the router learns its route ahead, but none of `<Link>`'s per-link hooks: a
 * search page has seventy links, and their hooks were a twentieth of its render on the
 * server and of its hydration in the browser. The app shell's one click handler makes a
 * plain click on it a client navigation, as `<Link>` would (app-shell.tsx).
 *
 * `<Link>` stays for links that need more than that: their own click handler, state.
 */
export function PageLink({
  to,
  replace,
  preventScrollReset,
  ...rest
}: Omit<ComponentProps<'a'>, 'href' | 'onClick'> & {
  to: string;
  /** Replace the current history entry (as `<Link replace>`). */
  replace?: boolean;
  /** Keep the scroll position (as `<Link preventScrollReset>`). */
  preventScrollReset?: boolean;
}) {
  return (
    <a
      {...rest}
      href={to}
      data-discover="true"
      data-page-link={replace ? 'replace' : ''}
      data-keep-scroll={preventScrollReset ? '' : undefined}
    />
  );
}
