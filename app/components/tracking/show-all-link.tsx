import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

/**
 * my Encore with one more section shown in full (`?watching=all`, `?following=all`), keeping
 * what the fan already opened, back at that section.
 */
export function ShowAllLink({ section, children }: { section: 'watching' | 'following'; children: ReactNode }) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set(section, 'all');
  return (
    <Link
      to={`?${next}#${section}`}
      preventScrollReset
      className="mt-3 inline-block font-semibold text-brand-700 underline"
    >
      {children}
    </Link>
  );
}
