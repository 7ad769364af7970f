import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { NAME_MAX, type Profile } from '#contracts/accounts';
import { setAccount, withCacheBuster } from '~/lib/auth/account-store';
import { authRequest } from '~/lib/auth/api';
import { useBrowserGuard } from '~/lib/auth/guard';
import { compressImage, ImageReadError } from '~/lib/auth/image';
import { orUnavailable, PRIVATE_HEADERS } from '~/lib/auth.server';
import { HttpError } from '~/lib/http';
import { namedMiddleware } from '~/lib/route-middleware.server';
import { useFormAction } from '~/lib/use-form-action';
import type { Route } from './+types/profile';
import { loadProfilePage, type ProfileActionData, updateProfileAction } from './profile.server';

export const meta = () => [{ title: 'My account · Encore' }, { name: 'robots', content: 'noindex' }];
export const headers = () => PRIVATE_HEADERS;

// SPEC §6: signed-in users only, otherwise /.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('requireUser');

export async function loader({ context }: Route.LoaderArgs) {
  return orUnavailable(() => loadProfilePage(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return orUnavailable(() => updateProfileAction(request, context));
}

/** The header's account button shows the saved names and picture at once. */
const applyProfile = (profile: Profile) =>
  setAccount({
    firstName: profile.firstName,
    lastName: profile.lastName,
    image: withCacheBuster(profile.image),
  });

/** SPEC §2 /profile ('my account'): first and last name and the picture, and signing out. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  useBrowserGuard();
  const id = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const [firstName, setFirstName] = useState(loaderData.firstName);
  const [lastName, setLastName] = useState(loaderData.lastName);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  // The names are this route's action (ADR 0033); the loader runs again after it.
  // A refusal is a notification with the server's message (SPEC §8), said once.
  const names = useFormAction<ProfileActionData, { firstName: string; lastName: string }>('/profile');
  const saving = names.busy;
  const answer = names.fetcher.state === 'idle' ? names.fetcher.data : undefined;
  useEffect(() => {
    if (!answer?.ok) return;
    applyProfile(answer.profile);
    setStatus({ kind: 'ok', text: 'Your name is saved.' });
  }, [answer]);

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = { firstName: firstName.trim(), lastName: lastName.trim() };
    setFirstName(trimmed.firstName);
    setLastName(trimmed.lastName);
    setStatus(null);
    void names.submit(trimmed);
  }

  async function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageBusy(true);
    setImageError(null);
    try {
      // SPEC §5: compressed in the browser before upload.
      const picture = await compressImage(file);
      const profile = await authRequest<Profile>('/accounts/me/image', {
        method: 'PUT',
        body: picture,
        headers: { 'Content-Type': picture.type || file.type || 'application/octet-stream' },
      });
      applyProfile(profile);
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ImageReadError) setImageError(error.message);
      else if (!(error instanceof HttpError && error.apiMessage)) setImageError('The picture could not be uploaded.');
    } finally {
      setImageBusy(false);
    }
  }

  async function onRemovePicture() {
    setImageBusy(true);
    setImageError(null);
    try {
      applyProfile(await authRequest<Profile>('/accounts/me/image', { method: 'DELETE' }));
      revalidator.revalidate();
    } catch {
      setImageError('The picture could not be removed.');
    } finally {
      setImageBusy(false);
    }
  }

  async function onSignOut() {
    setSigningOut(true);
    const { signOut } = await import('~/lib/auth/session');
    await signOut().catch(() => {});
    navigate('/', { replace: true });
  }

  const initials = (loaderData.firstName?.[0] ?? '') + (loaderData.lastName?.[0] ?? '') || loaderData.email[0] || '?';

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-ink">My account</h1>
        <p className="mt-1 text-slate-600">
          Signed in as <span className="font-medium text-ink">{loaderData.email}</span>
        </p>
      </div>

      <section aria-labelledby="picture-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="picture-heading" className="text-lg font-semibold text-ink">
          Picture
        </h2>
        <div className="mt-4 flex flex-wrap items-center gap-5">
          {loaderData.image ? (
            <img
              src={loaderData.image}
              alt="Your profile"
              width={96}
              height={96}
              className="h-24 w-24 rounded-full border border-slate-200 object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid h-24 w-24 place-items-center rounded-full bg-brand-100 text-3xl font-bold text-brand-700 uppercase"
            >
              {initials}
            </span>
          )}
          <div className="flex flex-col gap-2">
            <input
              ref={fileInput}
              id={`${id}-picture`}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="sr-only"
              onChange={onPicture}
              disabled={imageBusy}
            />
            <label
              htmlFor={`${id}-picture`}
              className="cursor-pointer rounded-full bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
            >
              {imageBusy ? 'Uploading…' : loaderData.image ? 'Change picture' : 'Add a picture'}
            </label>
            {loaderData.image && (
              <button
                type="button"
                onClick={onRemovePicture}
                disabled={imageBusy}
                className="text-sm font-semibold text-slate-700 hover:underline disabled:opacity-60"
              >
                Remove picture
              </button>
            )}
          </div>
        </div>
        <p className="mt-3 text-sm text-slate-500">
          JPEG, PNG, GIF or WebP. Large pictures are resized to 1000 pixels.
        </p>
        {imageError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {imageError}
          </p>
        )}
      </section>

      <section aria-labelledby="name-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="name-heading" className="text-lg font-semibold text-ink">
          Name
        </h2>
        <form onSubmit={onSave} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Name">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-first`} className="text-sm font-medium text-slate-800">
              First name
            </label>
            <input
              id={`${id}-first`}
              autoComplete="given-name"
              maxLength={NAME_MAX}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-last`} className="text-sm font-medium text-slate-800">
              Last name
            </label>
            <input
              id={`${id}-last`}
              autoComplete="family-name"
              maxLength={NAME_MAX}
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              className="rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand-500"
            />
          </div>
          <div className="flex items-center gap-4 sm:col-span-2">
            <button
              type="submit"
              disabled={saving}
              className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {saving ? 'Saving…' : 'Save changes'}
            </button>
            {status && (
              <p role="status" className={status.kind === 'ok' ? 'text-sm text-green-700' : 'text-sm text-red-700'}>
                {status.text}
              </p>
            )}
          </div>
        </form>
      </section>

      <div>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </div>
  );
}
