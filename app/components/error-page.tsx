import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

/**
 * SPEC §2 error page: the status code, a message and a way home, and the tab's title (React
 * puts it in the head) wherever the error is shown: the root's boundary or a page's own.
 */
export function ErrorPage({ status, detail }: { status: number; detail?: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <title>{status === 404 ? 'Page not found · Encore' : 'Something went wrong · Encore'}</title>
      <p className="text-7xl font-black tracking-tight text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-bold text-ink">
        {status === 404 ? 'Page not found' : 'Nothing to see here :('}
      </h1>
      {detail && <p className="mt-2 text-sm text-slate-600">{detail}</p>}
      <Link to="/" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        Return to Homepage
      </Link>
    </main>
  );
}
