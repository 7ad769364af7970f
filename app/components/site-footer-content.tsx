import { Logo } from './logo';
import { PageLink } from './ui/page-link';

/** The footer itself, hydrated on first use (site-footer.tsx). */
export default function SiteFooterContent() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">Concerts, games and shows near you, on your dates.</p>
        </div>
        <nav aria-label="Legal" className="flex flex-col gap-2 text-sm">
          <PageLink className="text-slate-700 hover:text-brand-700" to="/privacy-policy">
            Privacy Policy
          </PageLink>
          <PageLink className="text-slate-700 hover:text-brand-700" to="/terms-of-service">
            Terms of Service
          </PageLink>
          <PageLink className="text-slate-700 hover:text-brand-700" to="/cookie-settings">
            Cookie Settings
          </PageLink>
        </nav>
        <div className="flex gap-3">
          {['Instagram', 'X', 'TikTok'].map((name) => (
            <span
              key={name}
              title={`${name} (coming soon)`}
              aria-label={`${name} (coming soon)`}
              role="img"
              className="grid h-9 w-9 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-500"
            >
              {name[0]}
            </span>
          ))}
        </div>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">{`© ${year} Encore™. All rights reserved.`}</p>
    </footer>
  );
}
