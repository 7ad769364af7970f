import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { buildServer } from './scripts/build-server.ts';
import { precompressAssets } from './scripts/precompress-assets.ts';

export default {
  ssr: true,
  appDirectory: 'app',
  // Tests that need a production build make their own in a temporary folder
  // (server/testing/hostile.ts), so they never race `npm run build`.
  buildDirectory: process.env.ENCORE_BUILD_DIR || 'build',
  future: {
    // Route middleware (guards as named middleware, app/lib/route-middleware.server.ts; ADR 0023).
    v8_middleware: true,
    // Handlers get the request as it came, and the page's URL as `url` (ADR 0061): two fewer
    // Request objects built for every loader of every render.
    v8_passThroughRequests: true,
  },
  // The server compiled with the web build it renders (ADR 0056): what `npm start` runs; and
  // the hashed assets compressed once, at the highest levels (ADR 0057).
  buildEnd: async ({ reactRouterConfig }) => {
    const buildDir = path.resolve(reactRouterConfig.buildDirectory);
    await Promise.all([buildServer(buildDir), precompressAssets(path.join(buildDir, 'client'))]);
  },
} satisfies Config;
