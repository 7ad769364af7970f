import type { Profile } from '#contracts/accounts';
import { UpdateProfileSchema } from '#contracts/accounts';
import { getAccountDetails, updateNames } from '#server/accounts/accounts';
import { parseInput } from '#server/errors';
import { RATE_LIMITS } from '#server/write-limits';
import { formAction, type SessionContext } from '~/lib/form-action.server';
import { guardedUser } from '~/lib/route-middleware.server';
import type { Route } from './+types/profile';

/** SPEC §2 /profile: what the form starts from. */
export async function loadProfilePage(context: Route.LoaderArgs['context']) {
  const user = guardedUser(context);
  const details = await getAccountDetails(context.services.database.db, user.uid);
  return {
    email: details?.email || user.email || '',
    firstName: details?.firstName ?? '',
    lastName: details?.lastName ?? '',
    displayName: details?.displayName ?? '',
    image: details?.image ?? '',
  };
}

export type ProfileActionData = { ok: true; profile: Profile };

/**
 * The name form (ADR 0033): the fields of PATCH /api/accounts/me, parsed by the same schema,
 * saved by the same domain function. The picture stays an upload to the API (a file body).
 */
/** The limit PATCH /api/accounts/me has (server/accounts/routes.ts). */
const PROFILE_WRITES = { name: 'profile', ...RATE_LIMITS.profile };

export function updateProfileAction(request: Request, context: SessionContext) {
  return formAction(request, context, PROFILE_WRITES, async (uid, fields): Promise<ProfileActionData> => {
    const names = parseInput(UpdateProfileSchema, { firstName: fields.firstName, lastName: fields.lastName });
    return { ok: true, profile: await updateNames(context.services.database.db, uid, names) };
  });
}
