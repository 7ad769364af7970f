import { z } from 'zod';
import { REFERRAL_SOURCES, VENDORS } from './enums.ts';

/**
 * Accounts, profile and onboarding payloads (SPEC §3, §5, §7), shared by the browser forms
 * and the API handlers.
 */

export const SYSTEM_ROLES = ['user', 'admin'] as const;
export const SystemRoleSchema = z.enum(SYSTEM_ROLES);
export type SystemRole = z.infer<typeof SystemRoleSchema>;

/** The SPEC §3 profile response of GET /accounts/me. */
export type Profile = {
  uid: string;
  image: string;
  firstName: string;
  lastName: string;
  systemRole: SystemRole;
  onboarding: boolean;
};

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();

/** An account's uid in a path (GET /admin/accounts/:uid and the like). */
export const UidParamsSchema = z.object({
  uid: z
    .string()
    .regex(/^[\w-]{1,128}$/, 'must be a user id')
    .describe('Account uid'),
});

/** SPEC §7 POST /accounts: uid, email, displayName, image, token, pushNotificationToken. */
export const RegisterAccountSchema = z.object({
  uid: z.string({ error: 'is required' }).min(1, 'is required').max(128, 'must be at most 128 characters'),
  email: z.string().trim().max(254, 'must be at most 254 characters').nullish(),
  displayName: optionalText(256),
  image: optionalText(2048),
  // SPEC sends the ID token in the body too; the server trusts only the Authorization header.
  token: z.string().max(16_384).nullish(),
  pushNotificationToken: z.string().max(4096, 'must be at most 4096 characters').nullish(),
});
export type RegisterAccountInput = z.input<typeof RegisterAccountSchema>;

export const NAME_MAX = 60;
const name = z
  .string({ error: 'must be text' })
  .trim()
  .max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
  // No markup or control characters in a name other people may see.
  .refine(
    (v) => ![...v].some((c) => c < ' ' || c === '\u007f' || c === '<' || c === '>'),
    'contains characters that are not allowed',
  );

export const UpdateProfileSchema = z
  .strictObject({ firstName: name, lastName: name })
  .partial()
  .refine((v) => v.firstName !== undefined || v.lastName !== undefined, 'send firstName or lastName');
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

/** Largest budget accepted, in whole US dollars. */
export const MAX_BUDGET_LIMIT = 10_000_000;
export const ANSWER_MAX = 500;

/**
 * SPEC §3/§5 onboarding answers. vendor and referralSource come from SPEC's lists, maxBudget
 * is a whole number ≥ 0, alreadyResold a boolean; resaleReason is accepted only when
 * alreadyResold is true and referralOtherDetail only when referralSource is 'other'.
 */
export const OnboardingSchema = z
  .strictObject({
    vendor: z.enum(VENDORS, { error: `must be one of ${VENDORS.join(', ')}` }),
    maxBudget: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(MAX_BUDGET_LIMIT, `must be at most ${MAX_BUDGET_LIMIT}`),
    alreadyResold: z.boolean({ error: 'must be true or false' }),
    resaleReason: optionalText(ANSWER_MAX),
    referralSource: z.enum(REFERRAL_SOURCES, { error: `must be one of ${REFERRAL_SOURCES.join(', ')}` }),
    referralOtherDetail: optionalText(ANSWER_MAX),
  })
  .superRefine((value, ctx) => {
    if (!value.alreadyResold && value.resaleReason) {
      ctx.addIssue({ code: 'custom', path: ['resaleReason'], message: 'is only accepted when alreadyResold is true' });
    }
    if (value.referralSource !== 'other' && value.referralOtherDetail) {
      ctx.addIssue({
        code: 'custom',
        path: ['referralOtherDetail'],
        message: "is only accepted when referralSource is 'other'",
      });
    }
  });
export type OnboardingInput = z.input<typeof OnboardingSchema>;
export type OnboardingAnswers = z.output<typeof OnboardingSchema>;

/** Profile pictures the server stores (after SPEC §5 compression in the browser). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/**
 * 4 MiB: the raw RGBA size of the largest picture the browser produces (1000×1000), so any
 * PNG it compresses fits; anything bigger did not come from our client.
 */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;

export type Distribution = Array<{ value: string; count: number }>;

/** GET /admin/stats: real figures for the admin dashboard. */
export type AdminStats = {
  accounts: { total: number; admins: number; last7Days: number; last30Days: number };
  onboarding: { completed: number; pending: number };
  answers: {
    vendor: Distribution;
    alreadyResold: Distribution;
    referralSource: Distribution;
    maxBudget: { buckets: Distribution; median: number | null; average: number | null };
    resaleReason: { answered: number; top: Distribution };
    referralOtherDetail: { answered: number; top: Distribution };
  };
};
