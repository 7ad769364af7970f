import { ErrorPage } from './error-page';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The root error boundary's screen: SPEC's error page inside the default chrome. Fetched with
 * an error only, so the header's code is not first-load code on pages without it (/signin,
 * /forgot-password: ADR 0011).
 */
export function ErrorScreen({ status, detail }: { status: number; detail?: string }) {
  return (
    <>
      <SiteHeader />
      <ErrorPage status={status} detail={detail} />
      <SiteFooter />
    </>
  );
}
