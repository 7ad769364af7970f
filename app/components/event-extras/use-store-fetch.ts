import { useCallback, useEffect, useState } from 'react';
import { request } from '~/lib/http';
import { type StoreMessage, storeError } from '~/lib/store-errors';

export type StoreFetch<T> =
  | { state: 'loading' }
  | { state: 'done'; data: T }
  | { state: 'failed'; message: StoreMessage; error: Error };

/**
 * One catalogue read made in the browser (SPEC §8): a failure keeps its error and shows the
 * store message; retry() asks again.
 */
export function useStoreFetch<T>(url: string, message: StoreMessage): StoreFetch<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<StoreFetch<T>>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry signal, a new value reads again
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading' });
    request<T>(url, { signal: controller.signal, retries: 0 }).then(
      (data) => setResult({ state: 'done', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const kept = storeError(error, message);
        console.warn(message, kept);
        setResult({ state: 'failed', message, error: kept });
      },
    );
    return () => controller.abort();
  }, [url, message, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, retry };
}
