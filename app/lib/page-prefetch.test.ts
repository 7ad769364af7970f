import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import routes from '../routes';
import { resetAccount, setAccount } from './auth/account-store';
import { CATALOGUE_PAGES, PREFETCH_TTL_MS, prefetchedOrLoad } from './page-prefetch';

const ORIGIN = 'https://encore.test';
const EVENT = '/events/tender-afterglow/Zeyd';
const prefetch = (path: string) => new Request(`${ORIGIN}${path}${path.includes('?') ? '&' : '?'}index=&_prefetch=`);
const navigation = (path: string) => new Request(`${ORIGIN}${path}`);

/** A clientLoader's load: counts the data requests it would make. */
function loader(answer: () => Promise<string> = async () => 'event data') {
  const load = vi.fn(answer);
  return load;
}

describe('prefetched page data (SPEC §9, ADR 0036)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    vi.stubGlobal('document', { cookie: 'encoreFilters=a' });
  });
  afterEach(() => {
    resetAccount();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('the click takes what the prefetch loaded, once', async () => {
    const load = loader();
    await prefetchedOrLoad(prefetch(EVENT), load);
    expect(await prefetchedOrLoad(navigation(EVENT), load)).toBe('event data');
    expect(load).toHaveBeenCalledTimes(1);
    await prefetchedOrLoad(navigation(EVENT), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is used up to 10 s after its request, never later', async () => {
    const load = loader();
    await prefetchedOrLoad(prefetch(EVENT), load);
    vi.advanceTimersByTime(PREFETCH_TTL_MS - 1);
    await prefetchedOrLoad(navigation(EVENT), load);
    expect(load).toHaveBeenCalledTimes(1);

    await prefetchedOrLoad(prefetch(EVENT), load);
    vi.advanceTimersByTime(PREFETCH_TTL_MS);
    await prefetchedOrLoad(navigation(EVENT), load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('belongs to the fan signed in and the filters it was made with', async () => {
    const load = loader();
    await prefetchedOrLoad(prefetch(EVENT), load);
    setAccount({ uid: 'fan-2' });
    await prefetchedOrLoad(navigation(EVENT), load);
    expect(load).toHaveBeenCalledTimes(2);

    await prefetchedOrLoad(prefetch('/search?keyword=jazz'), load);
    vi.stubGlobal('document', { cookie: 'encoreFilters=b' });
    await prefetchedOrLoad(navigation('/search?keyword=jazz'), load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('a prefetch that failed without an answer is loaded again by the click; an answer (404) is not', async () => {
    const failing = loader(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(prefetchedOrLoad(prefetch(EVENT), failing)).rejects.toThrow('Failed to fetch');
    const load = loader();
    expect(await prefetchedOrLoad(navigation(EVENT), load)).toBe('event data');

    // Still in flight when the click comes: the click waits for it, then loads on its own.
    let fail: (error: unknown) => void = () => {};
    const pending = loader(() => new Promise<string>((_, reject) => (fail = reject)));
    void prefetchedOrLoad(prefetch(EVENT), pending).catch(() => undefined);
    const click = prefetchedOrLoad(navigation(EVENT), load);
    fail(new DOMException('aborted', 'AbortError'));
    expect(await click).toBe('event data');
    expect(load).toHaveBeenCalledTimes(2);

    // An answer (a 404) the click waited for is the click's answer: not loaded again.
    const missing = new Response('Page not found', { status: 404 });
    let answer: (error: unknown) => void = () => {};
    const notFound = loader(() => new Promise<string>((_, reject) => (answer = reject)));
    void prefetchedOrLoad(prefetch(EVENT), notFound).catch(() => undefined);
    const lost = prefetchedOrLoad(navigation(EVENT), load);
    answer(missing);
    await expect(lost).rejects.toBe(missing);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('covers exactly the routes of app/routes.ts whose modules take prefetched data', () => {
    type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
    const found: string[] = [];
    const walk = (entries: Entry[]) => {
      for (const entry of entries) {
        if (/routes\/(home|search|artist|event)\.tsx$/.test(entry.file))
          found.push(entry.index ? '/' : `/${entry.path}`);
        walk(entry.children ?? []);
      }
    };
    walk(routes as Entry[]);
    expect(found.sort()).toEqual([...CATALOGUE_PAGES].sort());
  });
});
