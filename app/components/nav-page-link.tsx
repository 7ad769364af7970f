import { useLocation } from 'react-router';
import type { PageLinkProps } from './ui/page-link';
import { pageLinkMarks } from './ui/page-link-marks';

/**
 * A page link (ui/page-link.tsx, the same anchor) that knows when it leads to the page on
 * screen, as `<NavLink>` does: marked `aria-current="page"` and styled by
 * `className(isActive)`. Active is `<NavLink>`'s rule for our own paths (absolute, lower
 * case, no trailing slash): the same path, or (without `end`) a path below it, letter case
 * aside. The header's and the drawer's links: first-load code, so it takes the page link's
 * marks from the shell (`pageLinkMarks`) rather than pulling the page-link module
 * (code fetched after idle) into the first load.
 */
export function NavPageLink({
  to,
  end,
  className,
  ...rest
}: Omit<PageLinkProps, 'className' | 'replace' | 'preventScrollReset'> & {
  end?: boolean;
  className: (isActive: boolean) => string;
}) {
  const here = useLocation().pathname.toLowerCase();
  const isActive = here === to || (!end && here.startsWith(`${to}/`));
  return (
    <a
      {...rest}
      href={to}
      {...pageLinkMarks()}
      aria-current={isActive ? 'page' : undefined}
      className={className(isActive)}
    />
  );
}
