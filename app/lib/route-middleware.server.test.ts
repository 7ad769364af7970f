import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/accounts/session';
import type { Services } from '#server/context';
import { guardedUser, namedMiddleware } from './route-middleware.server';

const fan = { uid: 'fan-1', email: 'fan@example.test', systemRole: 'user' } as SessionUser;

function run(name: string, sessionUser: SessionUser | null, url = 'http://encore.test/profile') {
  const context = Object.assign(new RouterContextProvider(), { services: {} as Services, sessionUser });
  const [middleware] = namedMiddleware(name);
  const next = async () => new Response('page');
  return {
    context,
    // As React Router runs it: a guard that throws synchronously rejects the chain.
    result: (async () =>
      middleware!(
        { request: new Request(url), url: new URL(url), context, params: {}, unstable_pattern: '' } as never,
        next,
      ))(),
  };
}

async function thrown(promise: unknown): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('named route middleware (SPEC §2, §8)', () => {
  it('an unknown name is an error: Unknown route middleware', () => {
    expect(() => namedMiddleware('requireUser', 'requireSuperuser')).toThrow('Unknown route middleware');
    // Names are looked up as own entries only.
    expect(() => namedMiddleware('toString')).toThrow('Unknown route middleware');
  });

  it('requireUser lets a signed-in user through and hands the user to the loader', async () => {
    const { context, result } = run('requireUser', fan);
    await result;
    expect(guardedUser(context)).toBe(fan);
  });

  it('requireUser sends an anonymous visitor home', async () => {
    const response = (await thrown(run('requireUser', null).result)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
  });

  it('requireUserOrSignIn sends an anonymous visitor home with the sign-in dialog for this page', async () => {
    const response = (await thrown(
      run('requireUserOrSignIn', null, 'http://encore.test/my-encore?tab=alerts').result,
    )) as Response;
    expect(response.headers.get('Location')).toBe(`/?signin=${encodeURIComponent('/my-encore?tab=alerts')}`);
  });

  it('requireAdmin sends a signed-in fan who is not an admin home', async () => {
    const response = (await thrown(run('requireAdmin', fan, 'http://encore.test/admin').result)) as Response;
    expect(response.headers.get('Location')).toBe('/');
  });
});
