import type { ChoiceLink } from '~/lib/page-links';
import { PageLink } from './ui/page-link';

/** SPEC §3 ticket category as a segmented control of links (server-rendered, no script needed). */
export function TicketCategoryPicker({
  links,
  className = '',
  grid = false,
}: {
  links: ChoiceLink[];
  className?: string;
  /** Two by two, for narrow boxes such as the event page's ticket card. */
  grid?: boolean;
}) {
  return (
    <nav aria-label="Ticket category" className={className}>
      <ul
        className={
          grid
            ? 'grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1'
            : 'flex gap-1 overflow-x-auto rounded-full bg-slate-100 p-1 [scrollbar-width:none]'
        }
      >
        {links.map((link) => (
          <li key={link.value} className="shrink-0">
            <PageLink
              to={link.href}
              replace
              preventScrollReset
              aria-current={link.current ? 'true' : undefined}
              className={`block rounded-full px-3.5 py-1.5 text-center text-sm font-semibold whitespace-nowrap transition ${
                link.current ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-ink'
              }`}
            >
              {link.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
