import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side move to another page, focus goes to that page's heading, as a full
 * page load would start a screen reader and a keyboard at the top: without this, choosing a
 * search result leaves focus on the body. Filter changes on the same page keep focus put.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('#main-content h1') ?? document.querySelector('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

/** The first stop of the keyboard: jumps past the header to the page's content. */
export function SkipLink() {
  return (
    // Styled by `.skip-link` (app.css): shell code is first-load code, a style sheet is not.
    <a href="#main-content" className="skip-link">
      Skip to content
    </a>
  );
}
