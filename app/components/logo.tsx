import { pageLinkMarks } from './ui/page-link-marks';

/**
 * The logo leads home, as a page link (ADR 0064): its marks come from the
 * shell, the logo being shell code on every page and the page-link module not.
 */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <a
      href="/"
      {...pageLinkMarks()}
      aria-label="Encore home"
      className={`inline-flex items-center gap-2 text-xl font-extrabold tracking-tight ${tone === 'light' ? 'text-white' : 'text-ink'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="9" className="fill-brand-600" />
        <path d="M10 9h12v3.2h-8.3v2.3h7.3v3h-7.3v2.3H22V23H10z" fill="#fff" />
      </svg>
      <span>Encore</span>
    </a>
  );
}
