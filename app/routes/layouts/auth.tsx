import { Outlet } from 'react-router';
import { Logo } from '~/components/logo';

/** Auth layout: a centred card on a quiet background. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12">
      <div className="mb-8">
        <Logo />
      </div>
      <main
        id="main-content"
        tabIndex={-1}
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
      >
        <Outlet />
      </main>
    </div>
  );
}
