import { PageLink } from './ui/page-link';

/** Numbered pages around the current one, with gaps: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, total: number, span = 1): (number | 'gap')[] {
  const pages = new Set<number>([0, total - 1]);
  for (let p = current - span; p <= current + span; p++) if (p >= 0 && p < total) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 0).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

const itemClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold whitespace-nowrap ring-1 ring-inset transition';

/** Link-based paging (works without JavaScript; pages are 0-based in URLs, 1-based on screen). */
export function Pagination({
  page,
  totalPages,
  base,
  label = 'Pages',
}: {
  page: number;
  totalPages: number;
  /** The page URL without its page param (lib/page-links.ts pageBase). */
  base: { path: string; query: string };
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const hrefFor = (p: number) => {
    const query = [base.query, p > 0 ? `page=${p}` : ''].filter(Boolean).join('&');
    return query ? `${base.path}?${query}` : base.path;
  };
  const prev = page > 0 ? page - 1 : undefined;
  const next = page + 1 < totalPages ? page + 1 : undefined;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-1.5">
      {prev !== undefined ? (
        <PageLink
          to={hrefFor(prev)}
          rel="prev"
          className={`${itemClass} bg-white text-slate-800 ring-slate-300 hover:ring-brand-500`}
        >
          <span aria-hidden="true">←</span>
          <span className="ml-1 max-sm:sr-only">Previous</span>
        </PageLink>
      ) : (
        <span aria-hidden="true" className={`${itemClass} text-slate-500 ring-slate-200`}>
          ← <span className="ml-1 max-sm:hidden">Previous</span>
        </span>
      )}
      <ul className="flex items-center gap-1.5">
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={p} className={p === page ? '' : 'max-sm:hidden'}>
              <PageLink
                to={hrefFor(p)}
                aria-label={`Page ${p + 1}`}
                aria-current={p === page ? 'page' : undefined}
                className={`${itemClass} ${p === page ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300 hover:ring-brand-500'}`}
              >
                {p + 1}
              </PageLink>
            </li>
          ),
        )}
      </ul>
      <span className="px-2 text-sm text-slate-600 sm:hidden">of {totalPages}</span>
      {next !== undefined ? (
        <PageLink
          to={hrefFor(next)}
          rel="next"
          className={`${itemClass} bg-white text-slate-800 ring-slate-300 hover:ring-brand-500`}
        >
          <span className="mr-1 max-sm:sr-only">Next</span>
          <span aria-hidden="true">→</span>
        </PageLink>
      ) : (
        <span aria-hidden="true" className={`${itemClass} text-slate-500 ring-slate-200`}>
          <span className="mr-1 max-sm:hidden">Next</span> →
        </span>
      )}
    </nav>
  );
}
