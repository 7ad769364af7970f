import { HydrateOnUse, onUse } from './hydration';

// Static but for three links: the footer's code comes on first use (components/hydration/).
const footer = onUse('site-footer', () => import('./site-footer-content'));

export function SiteFooter() {
  return <HydrateOnUse part={footer} props={{}} />;
}
