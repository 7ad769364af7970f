import { HydrateOnUse, onUse } from './hydrate-on-use';

// Static but for three links: the footer's code comes on first use (components/hydrate-on-use.tsx).
const footer = onUse('site-footer', () => import('./site-footer-content'));

export function SiteFooter() {
  return <HydrateOnUse part={footer} props={{}} />;
}
