import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

// SPEC §2: every route of the product, grouped by its layout.
export default [
  layout('routes/layouts/default.tsx', [
    index('routes/home.tsx'),
    route(':artistSlug/artist/:id', 'routes/artist.tsx'),
    route('events/:eventSlug/:id', 'routes/event.tsx'),
    route('search', 'routes/search.tsx'),
    route('about-us', 'routes/about-us.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('cookie-settings', 'routes/cookie-settings.tsx'),
    route('kitchen-sink', 'routes/kitchen-sink.tsx'),
    route('profile/indexV2', 'routes/profile-index-v2.tsx'),
    route('*', 'routes/not-found.tsx'),
    // Inside the default frame: its header stays mounted between a public page and these.
    layout('routes/layouts/authenticated.tsx', [
      route('my-encore', 'routes/my-encore.tsx'),
      route('profile', 'routes/profile.tsx'),
      ...prefix('admin', [index('routes/admin/index.tsx'), route('dashboard', 'routes/admin/dashboard.tsx')]),
    ]),
  ]),
  layout('routes/layouts/auth.tsx', [route('forgot-password', 'routes/forgot-password.tsx')]),
  layout('routes/layouts/split.tsx', [route('signin', 'routes/signin.tsx')]),
  route('sitemap.xml', 'routes/sitemap.ts'),
  // my Encore writes from every page (ADR 0033); no page of its own.
  route('resources/tracking', 'routes/resources/tracking.ts'),
  route('sitemap/:part', 'routes/sitemap-part.ts'),
] satisfies RouteConfig;
