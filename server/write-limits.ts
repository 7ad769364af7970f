/**
 * How many requests one signed-in user may send a minute: generous for people, tight for
 * scripts replaying a stolen token. The API (Fastify's rate limiter) and the web's route
 * actions (app/lib/form-action.server.ts) apply the same figures, counted in the same table.
 */
export const RATE_LIMITS = {
  session: { max: 60, timeWindow: 60_000 },
  register: { max: 20, timeWindow: 60_000 },
  profile: { max: 30, timeWindow: 60_000 },
  onboarding: { max: 10, timeWindow: 60_000 },
  image: { max: 10, timeWindow: 60_000 },
} as const;

/** Across /api/me and the web's tracking writes. */
export const TRACKING_RATE_LIMIT = { max: 300, timeWindow: 60_000 } as const;
