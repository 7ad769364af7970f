import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { StaticPage } from '~/components/static-page';
import { analyticsAllowed, setAnalyticsAllowed, subscribeAnalytics } from '~/lib/analytics';
import type { PublicConfig } from '~/lib/auth/config';
import type { Route } from './+types/cookie-settings';
import { COOKIE_PAGE_TEXT, REQUIRED_STORAGE } from './cookie-settings.server';

export const meta = () => [
  { title: 'Cookie Settings · Encore' },
  {
    name: 'description',
    content: 'Every cookie and storage entry Encore uses, what each is for, and your analytics choice.',
  },
];

// The table's entries and the page's prose are its data (cookie-settings.server.ts), not its code.
export const loader = () => ({ required: REQUIRED_STORAGE, text: COOKIE_PAGE_TEXT });

const noop = () => () => {};

export default function CookieSettings({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData('root') as { config?: PublicConfig } | undefined;
  const tagManager = !!root?.config?.gtmId;
  // Unknown on the server (the page is shared by every visitor), read in the browser.
  const allowed = useSyncExternalStore(subscribeAnalytics, analyticsAllowed, () => null);
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

  return (
    <StaticPage title="Cookie Settings">
      <p>{loaderData.text.intro}</p>

      <h2>Analytics</h2>
      <p>{tagManager ? loaderData.text.withTagManager : loaderData.text.withoutTagManager}</p>
      <label className="mt-4 flex items-center gap-3 rounded-xl border border-slate-200 p-4">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-600"
          checked={allowed ?? true}
          disabled={!hydrated}
          onChange={(event) => setAnalyticsAllowed(event.target.checked)}
        />
        <span>
          <span className="block font-semibold text-ink">Allow analytics (page views)</span>
          <span className="block text-sm text-slate-600" aria-live="polite">
            {allowed === false
              ? 'Off: no page views are sent.'
              : 'On: page views are sent when a tag manager is set up.'}
          </span>
        </span>
      </label>

      <h2>Required cookies and storage</h2>
      <p>These make the site work; Encore does not run without them.</p>
      <div className="not-prose overflow-x-auto">
        <table className="mt-3 w-full text-left text-sm">
          <thead className="max-sm:sr-only">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Name
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Kind
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Kept
              </th>
              <th scope="col" className="py-2 font-semibold">
                Purpose
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.required.map((entry) => (
              <tr key={entry.name} className="border-b border-slate-100 align-top max-sm:block max-sm:py-3">
                <th
                  scope="row"
                  className="py-2 pr-4 font-mono text-xs font-semibold break-all text-ink max-sm:block max-sm:py-0.5 max-sm:text-sm"
                >
                  {entry.name}
                </th>
                <td className="py-2 pr-4 text-slate-700 max-sm:inline max-sm:py-0">{entry.kind}</td>
                <td className="py-2 pr-4 text-slate-700 max-sm:inline max-sm:py-0 max-sm:before:content-['·_']">
                  {entry.lasts}
                </td>
                <td className="py-2 text-slate-700 max-sm:block max-sm:pt-1">{entry.purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Managing cookies</h2>
      <p>{loaderData.text.managing}</p>
    </StaticPage>
  );
}
