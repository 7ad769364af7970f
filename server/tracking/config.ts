import type { Env } from '../env.ts';

/**
 * my Encore settings derived from the environment (server/env.ts parses it). Under
 * NODE_ENV=test the jobs tick every second or so, so an end-to-end run sees prices move and
 * alerts arrive within a test's time; elsewhere they run at a pace a real market and a push
 * service are comfortable with.
 */
export type TrackingConfig = {
  simulatorIntervalMs: number;
  alertsIntervalMs: number;
  observationIntervalMs: number;
  pushSubject: string;
  /** Production refuses loopback push endpoints (see push.ts checkEndpoint). */
  production: boolean;
  /** Observations per sparkline on "my Encore". */
  historyLimit: number;
  /** Longer pauses between observations are drawn as gaps. */
  maxGapMs: number;
};

export function trackingConfig(env: Env): TrackingConfig {
  const test = env.NODE_ENV === 'test';
  const observationIntervalMs = env.PRICE_OBSERVATION_INTERVAL_MS ?? (test ? 5_000 : 15 * 60_000);
  const simulatorIntervalMs = env.MARKET_SIMULATOR_INTERVAL_MS ?? (test ? 1_000 : 5 * 60_000);
  // Something looks at every watched event at least every observation interval while a node
  // runs (the simulator as well when it moves prices); allow two missed looks before a gap.
  const cadence = Math.max(observationIntervalMs || 0, simulatorIntervalMs || 0, 60_000);
  return {
    simulatorIntervalMs,
    alertsIntervalMs: env.ALERTS_INTERVAL_MS ?? (test ? 1_000 : 60_000),
    observationIntervalMs,
    pushSubject: env.WEB_PUSH_SUBJECT,
    production: env.NODE_ENV === 'production',
    historyLimit: 24,
    maxGapMs: 2 * cadence + 60_000,
  };
}
