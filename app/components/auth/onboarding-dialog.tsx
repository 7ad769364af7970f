import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { OnboardingInput } from '#contracts/accounts';
import { REFERRAL_SOURCES, type ReferralSource, VENDORS, type Vendor } from '#contracts/enum-values';
import { Button } from '~/components/ui/button';
import { DialogClose, DialogDescription, DialogTitle, ModalDialog } from '~/components/ui/modal-dialog';
import { setAccount } from '~/lib/auth/account-store';
import { authRequest } from '~/lib/auth/api';
import { formatBudget, markQuizSubmitted, REFERRAL_LABELS, readBudget, VENDOR_LABELS } from '~/lib/auth/onboarding';
import { REQUIRED_MESSAGE, SELECT_REQUIRED_MESSAGE } from '~/lib/auth/validation';
import { HttpError } from '~/lib/http';

type Answers = {
  vendor: Vendor | '';
  maxBudget: number | undefined;
  /** What the fan typed, read into maxBudget; formatted when the field is left. */
  budgetText: string;
  alreadyResold: 'yes' | 'no' | '';
  resaleReason: string;
  referralSource: ReferralSource | '';
  referralOtherDetail: string;
};

type Errors = Partial<Record<keyof Answers, string>>;

/** SPEC §5: vendor, maxBudget and referralSource are required; we ask alreadyResold too. */
function validate(answers: Answers): Errors {
  const errors: Errors = {};
  if (!answers.vendor) errors.vendor = SELECT_REQUIRED_MESSAGE;
  const budget = readBudget(answers.budgetText);
  if (budget.error) errors.maxBudget = budget.error;
  else if (answers.maxBudget === undefined) errors.maxBudget = REQUIRED_MESSAGE;
  if (!answers.alreadyResold) errors.alreadyResold = SELECT_REQUIRED_MESSAGE;
  if (!answers.referralSource) errors.referralSource = SELECT_REQUIRED_MESSAGE;
  return errors;
}

/** The payload SPEC §7 describes; conditional answers are sent only when they apply. */
function toPayload(answers: Answers): OnboardingInput {
  const resold = answers.alreadyResold === 'yes';
  const other = answers.referralSource === 'other';
  return {
    vendor: answers.vendor as Vendor,
    maxBudget: answers.maxBudget ?? 0,
    alreadyResold: resold,
    ...(resold && answers.resaleReason.trim() ? { resaleReason: answers.resaleReason.trim() } : {}),
    referralSource: answers.referralSource as ReferralSource,
    ...(other && answers.referralOtherDetail.trim() ? { referralOtherDetail: answers.referralOtherDetail.trim() } : {}),
  };
}

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-500 aria-invalid:border-red-500';

/**
 * SPEC §4/§5 onboarding quiz. On submit the answers go to POST /accounts/onboarding, the
 * quiz-submitted cookie is set and the dialog closes. "Not now" puts it off for a while on
 * this browser (a cookie, ADR 0026), not just for the visit.
 */
export default function OnboardingDialog({ onClose }: { onClose: (submitted: boolean) => void }) {
  const id = useId();
  const [answers, setAnswers] = useState<Answers>({
    vendor: '',
    maxBudget: undefined,
    budgetText: '',
    alreadyResold: '',
    resaleReason: '',
    referralSource: '',
    referralOtherDetail: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const update = (patch: Partial<Answers>) => {
    const next = { ...answers, ...patch };
    setAnswers(next);
    if (submitted) setErrors(validate(next));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(answers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload = toPayload(answers);
    // The same schema the server applies (contracts/accounts.ts), with zod, fetched on submit:
    // the dialog itself stays light.
    const { OnboardingSchema } = await import('#contracts/accounts');
    const parsed = OnboardingSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFormError(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Check your answers');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await authRequest('/accounts/onboarding', { method: 'POST', body: parsed.data });
      markQuizSubmitted();
      setAccount({ onboarding: true });
      onClose(true);
    } catch (error) {
      // The API's message was shown as a notification; keep the answers so nothing is lost.
      if (!(error instanceof HttpError && error.apiMessage)) {
        setFormError('Your answers could not be saved. Check your connection and try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: keyof Answers) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: keyof Answers) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <ModalDialog
      open
      onClose={() => onClose(false)}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl p-6 shadow-2xl backdrop:bg-slate-950/50"
    >
      <DialogTitle className="text-2xl font-bold text-ink">Tell us how you buy tickets</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        Four quick questions so Encore can show you the tickets and prices that matter to you.
      </DialogDescription>

      {formError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}

      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-5" aria-label="Onboarding quiz">
        <Field label="Where do you usually buy tickets?" htmlFor={`${id}-vendor`}>
          <select
            id={`${id}-vendor`}
            value={answers.vendor}
            onChange={(e) => update({ vendor: e.target.value as Vendor | '' })}
            aria-invalid={!!errors.vendor}
            aria-describedby={describedBy('vendor')}
            className={fieldClass}
          >
            <option value="">Choose a ticket seller</option>
            {VENDORS.map((vendor) => (
              <option key={vendor} value={vendor}>
                {VENDOR_LABELS[vendor]}
              </option>
            ))}
          </select>
          {error('vendor')}
        </Field>

        <Field label="What is the most you would spend on one ticket?" htmlFor={`${id}-budget`}>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">$</span>
            <input
              id={`${id}-budget`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="250"
              value={answers.budgetText}
              onChange={(e) => update({ budgetText: e.target.value, maxBudget: readBudget(e.target.value).value })}
              onBlur={() => {
                const { value, error } = readBudget(answers.budgetText);
                if (!error && value !== undefined) update({ budgetText: formatBudget(value) });
                else if (error) setErrors((current) => ({ ...current, maxBudget: error }));
              }}
              aria-invalid={!!errors.maxBudget}
              aria-describedby={describedBy('maxBudget')}
              className={`${fieldClass} pl-7`}
            />
          </div>
          {error('maxBudget')}
        </Field>

        <fieldset aria-describedby={describedBy('alreadyResold')} className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Have you ever resold a ticket?</legend>
          <div className="flex gap-4">
            {(['yes', 'no'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-resold`}
                  value={value}
                  checked={answers.alreadyResold === value}
                  onChange={() => update({ alreadyResold: value })}
                  className="h-4 w-4 accent-brand-600"
                />
                {value === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
          {error('alreadyResold')}
        </fieldset>

        {answers.alreadyResold === 'yes' && (
          <Field label="Why did you resell it? (optional)" htmlFor={`${id}-reason`}>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={500}
              value={answers.resaleReason}
              onChange={(e) => update({ resaleReason: e.target.value })}
              className={fieldClass}
            />
          </Field>
        )}

        <Field label="How did you hear about Encore?" htmlFor={`${id}-referral`}>
          <select
            id={`${id}-referral`}
            value={answers.referralSource}
            onChange={(e) => update({ referralSource: e.target.value as ReferralSource | '' })}
            aria-invalid={!!errors.referralSource}
            aria-describedby={describedBy('referralSource')}
            className={fieldClass}
          >
            <option value="">Choose one</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {REFERRAL_LABELS[source]}
              </option>
            ))}
          </select>
          {error('referralSource')}
        </Field>

        {answers.referralSource === 'other' && (
          <Field label="Where did you hear about us? (optional)" htmlFor={`${id}-other`}>
            <input
              id={`${id}-other`}
              type="text"
              maxLength={500}
              value={answers.referralOtherDetail}
              onChange={(e) => update({ referralOtherDetail: e.target.value })}
              className={fieldClass}
            />
          </Field>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose className="rounded-full px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-100">
            Not now
          </DialogClose>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Saving…' : 'Submit answers'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
