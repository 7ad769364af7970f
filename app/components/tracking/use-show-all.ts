import { useSearchParams } from 'react-router';

/**
 * The address of my Encore with one more section shown in full (`?watching=all`,
 * `?following=all`), keeping what the fan already opened, back at that section.
 */
export function useShowAllHref(section: 'watching' | 'following'): string {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set(section, 'all');
  return `?${next}#${section}`;
}
