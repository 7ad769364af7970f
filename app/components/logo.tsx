/**
 * The logo leads home. The anchor a page link renders (ui/page-link.tsx), written out here:
 * the logo is shell code on every page, and the page-link module is not (first-load bytes).
 */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <a
      href="/"
      data-discover="true"
      data-page-link=""
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
