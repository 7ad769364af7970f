import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Route middleware (guards as named middleware, app/lib/route-middleware.server.ts; ADR 0023).
  future: { v8_middleware: true },
} satisfies Config;
