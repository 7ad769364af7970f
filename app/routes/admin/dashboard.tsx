import type { Distribution } from '#contracts/accounts';
import { adminStats } from '~/lib/accounts.server';
import { useBrowserGuard } from '~/lib/auth/guard';
import { REFERRAL_LABELS } from '~/lib/auth/onboarding';
import { orUnavailable, PRIVATE_HEADERS } from '~/lib/auth.server';
import { namedMiddleware } from '~/lib/route-middleware.server';
import type { Route } from './+types/dashboard';

export const meta = () => [{ title: 'Admin dashboard · Encore' }, { name: 'robots', content: 'noindex' }];
export const headers = () => PRIVATE_HEADERS;

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('requireAdmin');

export async function loader({ context }: Route.LoaderArgs) {
  return { stats: await orUnavailable(() => adminStats(context)) };
}

const number = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

/** Real figures from the accounts and onboarding tables (SPEC §6 admin area). */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  useBrowserGuard();
  const { stats } = loaderData;
  const answered = stats.onboarding.completed;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold text-ink">Admin dashboard</h1>

      <section aria-labelledby="figures-accounts">
        <h2 id="figures-accounts" className="sr-only">
          Accounts
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label="Accounts" value={number.format(stats.accounts.total)} />
          <Figure label="New in the last 7 days" value={number.format(stats.accounts.last7Days)} />
          <Figure
            label="Onboarding completed"
            value={`${number.format(answered)} (${percent(answered, stats.accounts.total)})`}
          />
          <Figure label="Admins" value={number.format(stats.accounts.admins)} />
        </dl>
      </section>

      <section aria-labelledby="figures-answers" className="flex flex-col gap-4">
        <h2 id="figures-answers" className="text-xl font-semibold text-ink">
          Onboarding answers{' '}
          <span className="text-base font-normal text-slate-600">
            ({number.format(answered)} {answered === 1 ? 'person' : 'people'} answered)
          </span>
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <DistributionTable title="Usual ticket seller" rows={stats.answers.vendor} total={answered} />
          <DistributionTable
            title="Has resold a ticket"
            rows={stats.answers.alreadyResold.map((r) => ({ ...r, value: r.value === 'yes' ? 'Yes' : 'No' }))}
            total={answered}
          />
          <DistributionTable
            title="Heard about Encore from"
            rows={stats.answers.referralSource.map((r) => ({
              ...r,
              value: REFERRAL_LABELS[r.value as keyof typeof REFERRAL_LABELS] ?? r.value,
            }))}
            total={answered}
          />
          <DistributionTable
            title="Most they would spend on a ticket"
            rows={stats.answers.maxBudget.buckets}
            total={answered}
            note={
              stats.answers.maxBudget.median === null
                ? undefined
                : `Median ${money.format(stats.answers.maxBudget.median)}, average ${money.format(stats.answers.maxBudget.average ?? 0)}`
            }
          />
          <DistributionTable
            title="Why they resold (most common)"
            rows={stats.answers.resaleReason.top}
            total={stats.answers.resaleReason.answered}
            note={`${number.format(stats.answers.resaleReason.answered)} gave a reason`}
          />
          <DistributionTable
            title="Where else they heard of us (most common)"
            rows={stats.answers.referralOtherDetail.top}
            total={stats.answers.referralOtherDetail.answered}
            note={`${number.format(stats.answers.referralOtherDetail.answered)} told us`}
          />
        </div>
      </section>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink">{value}</dd>
    </div>
  );
}

function DistributionTable({
  title,
  rows,
  total,
  note,
}: {
  title: string;
  rows: Distribution;
  total: number;
  note?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold text-ink">{title}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Answer</th>
            <th scope="col">People</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="py-2 text-slate-500">
                No answers yet
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.value} className="border-t border-slate-100">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-800">
                {row.value}
              </th>
              <td className="py-1.5 text-right tabular-nums">{number.format(row.count)}</td>
              <td className="w-16 py-1.5 text-right text-slate-500 tabular-nums">{percent(row.count, total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="mt-2 text-xs text-slate-500">{note}</p>}
    </div>
  );
}
