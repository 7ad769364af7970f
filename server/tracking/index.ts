import type { Services } from '../context.ts';
import { evaluateAlerts } from './alerts.ts';
import { trackingConfig } from './config.ts';
import { fcmApp, fcmSender } from './fcm.ts';
import { type Job, type Scheduler, startJobs } from './jobs.ts';
import { observeTrackedEvents } from './observations.ts';
import { deliverPendingPushes, getVapidKeys } from './push.ts';
import { simulateMarket } from './simulator.ts';

/** For catalogue refreshes (the Ticketmaster sync): observe the events just written. */
export { recordPriceObservations } from './observations.ts';

/** The my Encore jobs: market simulator, price observation, alert evaluation and push delivery. */
export function trackingJobs(services: Services): Job[] {
  const { db } = services.database;
  const config = trackingConfig(services.env);
  const { FCM_SERVICE_ACCOUNT_FILE: serviceAccountFile } = services.env;
  const native = serviceAccountFile ? fcmSender(fcmApp({ serviceAccountFile })) : undefined;
  return [
    { name: 'market-simulator', intervalMs: config.simulatorIntervalMs, run: () => simulateMarket(db) },
    { name: 'price-observation', intervalMs: config.observationIntervalMs, run: () => observeTrackedEvents(db) },
    {
      name: 'alerts',
      intervalMs: config.alertsIntervalMs,
      run: async () => {
        const evaluated = await evaluateAlerts(db);
        const pushed = await deliverPendingPushes(db, {
          subject: config.pushSubject,
          logger: services.logger,
          native,
        });
        return { ...evaluated, pushed };
      },
    },
  ];
}

/**
 * Start the jobs once the database is migrated (server/main.ts), after making sure the VAPID
 * key pair exists; `stop()` before the database closes.
 */
export async function startTracking(services: Services): Promise<Scheduler> {
  await getVapidKeys(services.database.db);
  return startJobs(services.database.db, trackingJobs(services), { logger: services.logger });
}
