import type { AppLoadContext } from 'react-router';
import { getAccountDetails, getAdminStats } from '#server/accounts/accounts';

/** Account reads for page loaders: routes reach server code through `*.server.ts` modules only. */
export const accountDetails = (context: AppLoadContext, uid: string) =>
  getAccountDetails(context.services.database.db, uid);

export const adminStats = (context: AppLoadContext) => getAdminStats(context.services.database.db);
