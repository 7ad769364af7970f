import { useEffect } from 'react';
import { rememberViewport } from '~/lib/viewport';
import { UserLocationBootstrap } from './user-location-bootstrap';

/**
 * The app shell's work that nothing before the page is interactive needs (app-shell.tsx mounts
 * it once the page is idle): the viewport cookie the next request's layout reads (SPEC §9) and
 * the first-load location lookup (SPEC §4). Its code is not first-load code (ADR 0011).
 */
export function AppShellIdle() {
  useEffect(() => {
    rememberViewport();
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(rememberViewport, 250);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return <UserLocationBootstrap />;
}
