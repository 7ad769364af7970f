import { Link, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { accountDetails } from '~/lib/accounts.server';
import { requireSignIn } from '~/lib/auth/dialog-store';
import { orUnavailable } from '~/lib/auth.server';
import type { Route } from './+types/profile-index-v2';

export const meta = () => [{ title: 'Profile · Encore' }, { name: 'robots', content: 'noindex' }];
// Personal when signed in: never stored by shared caches.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * SPEC §2 /profile/indexV2 ("no guard shown"): the signed-in user's profile as others would
 * see it, or an invitation to sign in. Open to everyone, personal data only for its owner.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.sessionUser;
  if (!user) return { profile: null };
  const details = await orUnavailable(() => accountDetails(context, user.uid));
  const fullName = [details?.firstName, details?.lastName].filter(Boolean).join(' ');
  return {
    profile: {
      name: fullName || details?.displayName || user.email?.split('@')[0] || 'Encore member',
      image: details?.image ?? '',
      memberSince: details?.createdAt ?? null,
      admin: user.systemRole === 'admin',
    },
  };
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export default function ProfileIndexV2({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { profile } = loaderData;

  if (!profile) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-ink">Your Encore profile</h1>
        <p className="mt-3 text-slate-600">Sign in to see your profile as other Encore members see it.</p>
        <Button size="lg" className="mt-6" onClick={() => requireSignIn(() => revalidator.revalidate())}>
          Sign in
        </Button>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="sr-only">Your Encore profile</h1>
      <article className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-8 text-center">
        {profile.image ? (
          <img
            src={profile.image}
            alt=""
            width={112}
            height={112}
            className="h-28 w-28 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid h-28 w-28 place-items-center rounded-full bg-brand-100 text-4xl font-bold text-brand-700 uppercase"
          >
            {profile.name[0]}
          </span>
        )}
        <h2 className="mt-4 text-2xl font-bold text-ink">{profile.name}</h2>
        {profile.memberSince && (
          <p className="mt-1 text-slate-600">Member since {monthYear.format(new Date(profile.memberSince))}</p>
        )}
        {profile.admin && (
          <p className="mt-2">
            {/* Badge's brand look, written out: Badge is in the discovery pages' code (vite.config.ts). */}
            <span className="inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
              Encore team
            </span>
          </p>
        )}
        <p className="mt-6 text-sm text-slate-500">This is how your name and picture appear to other members.</p>
        <Link to="/profile" className="mt-2 font-semibold text-brand-700 hover:underline">
          Edit in my account
        </Link>
      </article>
    </main>
  );
}
