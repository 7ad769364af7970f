import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { storeFailureOf } from '~/lib/store-errors';
import { ErrorPage } from './error-page';
import { FetchFailure } from './fetch-failure';

/**
 * Error boundary of the catalogue pages: a failed fetch on a client navigation shows its
 * store message and Retry (loads the page's data again); any other error is the error page.
 */
export function StoreErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const failure = storeFailureOf(error);
  if (failure) {
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-xl items-center justify-center px-4 py-16">
        <FetchFailure
          message={failure.message}
          onRetry={() => void revalidator.revalidate()}
          className={revalidator.state === 'loading' ? 'opacity-60' : ''}
        />
      </main>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  return <ErrorPage status={status} detail={detail} />;
}
