import { eq, sql } from 'drizzle-orm';
import type {
  AdminStats,
  Distribution,
  OnboardingAnswers,
  Profile,
  RegisterAccountInput,
  SystemRole,
} from '#contracts/accounts';
import { REFERRAL_SOURCES, VENDORS } from '#contracts/enums';
import type { Db } from '../db/client.ts';
import { accountImages, accounts, onboardingAnswers } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { VerifiedToken } from './verifier.ts';

/** Accounts, profile, onboarding and roles: one function per use, queries with explicit columns. */

const profileColumns = {
  uid: accounts.uid,
  image: accounts.image,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  systemRole: accounts.systemRole,
  onboarding: accounts.onboarding,
};

type ProfileRow = {
  uid: string;
  image: string | null;
  firstName: string | null;
  lastName: string | null;
  systemRole: SystemRole;
  onboarding: boolean;
};

const toProfile = (row: ProfileRow): Profile => ({
  uid: row.uid,
  image: row.image ?? '',
  firstName: row.firstName ?? '',
  lastName: row.lastName ?? '',
  systemRole: row.systemRole,
  onboarding: row.onboarding,
});

export const accountNotFound = () =>
  new ApiError(404, 'account_not_found', 'No account for this user yet: register it with POST /accounts first');

/** Only http(s) pictures from the identity provider, or one we serve ourselves, are kept. */
function acceptableImage(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return url.startsWith('//') ? null : url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0]!.slice(0, 60), lastName: parts.slice(1).join(' ').slice(0, 60) || null };
}

/**
 * SPEC §7 POST /accounts: an idempotent upsert of the signed-in user. Identity comes from the
 * verified token; the body may not claim another uid or email. ADMIN_EMAILS grants admin
 * when the account is first registered, and only for an email the provider verified (anyone
 * can type an unverified address into a sign-up form).
 */
export async function registerAccount(
  db: Db,
  token: VerifiedToken,
  input: RegisterAccountInput,
  adminEmails: readonly string[],
): Promise<{ profile: Profile; created: boolean }> {
  if (input.uid !== token.uid) {
    throw new ApiError(403, 'uid_mismatch', 'uid does not match the signed-in user', 'uid');
  }
  const email = token.email ?? null;
  if (input.email && email && input.email.toLowerCase() !== email.toLowerCase()) {
    throw new ApiError(403, 'email_mismatch', 'email does not match the signed-in user', 'email');
  }
  const displayName = input.displayName || token.name || (email ? email.split('@')[0]! : null);
  const image = acceptableImage(input.image) ?? acceptableImage(token.picture);
  const names = splitName(token.name);
  const isAdmin = !!email && token.emailVerified && adminEmails.includes(email.toLowerCase());
  const push = input.pushNotificationToken || '';

  const [row] = await db
    .insert(accounts)
    .values({
      uid: token.uid,
      email,
      displayName,
      firstName: names.firstName,
      lastName: names.lastName,
      image,
      systemRole: isAdmin ? 'admin' : 'user',
      pushNotificationToken: push,
    })
    .onConflictDoUpdate({
      target: accounts.uid,
      set: {
        email,
        displayName,
        // A picture the user uploaded (or had before) wins over the provider's.
        image: sql`coalesce(${accounts.image}, excluded.image)`,
        firstName: sql`coalesce(${accounts.firstName}, excluded.first_name)`,
        lastName: sql`coalesce(${accounts.lastName}, excluded.last_name)`,
        // The web client always sends ''; never wipe a device token a native shell stored.
        pushNotificationToken: push ? push : sql`${accounts.pushNotificationToken}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ ...profileColumns, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert returned no row');
  return { profile: toProfile(row), created: row.created };
}

export async function getProfile(db: Db, uid: string): Promise<Profile | undefined> {
  const [row] = await db.select(profileColumns).from(accounts).where(eq(accounts.uid, uid)).limit(1);
  return row ? toProfile(row) : undefined;
}

export type AccountDetails = Profile & { email: string; displayName: string; createdAt: string };

/** Profile plus what the account pages show (email, display name, member since). */
export async function getAccountDetails(db: Db, uid: string): Promise<AccountDetails | undefined> {
  const [row] = await db
    .select({
      ...profileColumns,
      email: accounts.email,
      displayName: accounts.displayName,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(eq(accounts.uid, uid))
    .limit(1);
  if (!row) return undefined;
  return {
    ...toProfile(row),
    email: row.email ?? '',
    displayName: row.displayName ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getSystemRole(db: Db, uid: string): Promise<SystemRole | undefined> {
  const [row] = await db
    .select({ systemRole: accounts.systemRole })
    .from(accounts)
    .where(eq(accounts.uid, uid))
    .limit(1);
  return row?.systemRole;
}

export async function updateNames(
  db: Db,
  uid: string,
  names: { firstName?: string | undefined; lastName?: string | undefined },
): Promise<Profile> {
  const set: Partial<typeof accounts.$inferInsert> = { updatedAt: new Date() };
  if (names.firstName !== undefined) set.firstName = names.firstName || null;
  if (names.lastName !== undefined) set.lastName = names.lastName || null;
  const [row] = await db.update(accounts).set(set).where(eq(accounts.uid, uid)).returning(profileColumns);
  if (!row) throw accountNotFound();
  return toProfile(row);
}

/** SPEC §4: answering the quiz sets onboarding true; answering again replaces the answers. */
export async function saveOnboarding(db: Db, uid: string, answers: OnboardingAnswers): Promise<Profile> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ onboarding: true, updatedAt: new Date() })
      .where(eq(accounts.uid, uid))
      .returning(profileColumns);
    if (!row) throw accountNotFound();
    const values = {
      vendor: answers.vendor,
      maxBudget: answers.maxBudget,
      alreadyResold: answers.alreadyResold,
      resaleReason: answers.alreadyResold ? answers.resaleReason || null : null,
      referralSource: answers.referralSource,
      referralOtherDetail: answers.referralSource === 'other' ? answers.referralOtherDetail || null : null,
      submittedAt: new Date(),
    };
    await tx
      .insert(onboardingAnswers)
      .values({ uid, ...values })
      .onConflictDoUpdate({ target: onboardingAnswers.uid, set: values });
    return toProfile(row);
  });
}

/** Stores a (checked) picture and points the account at it; `v` changes with every upload. */
/**
 * Points the account at its new picture file (already written); answers the profile and the
 * file it replaced, which the caller removes once this has committed.
 */
export async function saveImage(
  db: Db,
  uid: string,
  image: { contentType: string; file: string },
  apiBaseUrl: string,
): Promise<{ profile: Profile; replaced: string | null }> {
  return db.transaction(async (tx) => {
    const url = `${apiBaseUrl.replace(/\/$/, '')}/accounts/${encodeURIComponent(uid)}/image?v=${Date.now()}`;
    const [row] = await tx
      .update(accounts)
      .set({ image: url, updatedAt: new Date() })
      .where(eq(accounts.uid, uid))
      .returning(profileColumns);
    if (!row) throw accountNotFound();
    const [previous] = await tx
      .select({ file: accountImages.file })
      .from(accountImages)
      .where(eq(accountImages.uid, uid))
      .for('update');
    const values = { contentType: image.contentType, file: image.file, bytes: null, updatedAt: new Date() };
    await tx
      .insert(accountImages)
      .values({ uid, ...values })
      .onConflictDoUpdate({ target: accountImages.uid, set: values });
    const replaced = previous?.file && previous.file !== image.file ? previous.file : null;
    return { profile: toProfile(row), replaced };
  });
}

export async function deleteImage(db: Db, uid: string): Promise<{ profile: Profile; removed: string | null }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(accountImages)
      .where(eq(accountImages.uid, uid))
      .returning({ file: accountImages.file });
    const [row] = await tx
      .update(accounts)
      .set({ image: null, updatedAt: new Date() })
      .where(eq(accounts.uid, uid))
      .returning(profileColumns);
    if (!row) throw accountNotFound();
    return { profile: toProfile(row), removed: removed?.file ?? null };
  });
}

/** The picture's row: its file, or (stored before ADR 0017) its bytes. */
export async function getImage(
  db: Db,
  uid: string,
): Promise<{ contentType: string; file: string | null; bytes: Buffer | null; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({
      contentType: accountImages.contentType,
      file: accountImages.file,
      bytes: accountImages.bytes,
      updatedAt: accountImages.updatedAt,
    })
    .from(accountImages)
    .where(eq(accountImages.uid, uid))
    .limit(1);
  return row;
}

/** `npm run admin -- grant|revoke <email>`: returns how many accounts changed. */
export async function setSystemRoleByEmail(db: Db, email: string, role: SystemRole): Promise<number> {
  const rows = await db
    .update(accounts)
    .set({ systemRole: role, updatedAt: new Date() })
    .where(sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`)
    .returning({ uid: accounts.uid });
  return rows.length;
}

export async function listAdmins(db: Db): Promise<Array<{ uid: string; email: string | null }>> {
  return db
    .select({ uid: accounts.uid, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.systemRole, 'admin'))
    .orderBy(accounts.email);
}

const BUDGET_BUCKETS = [
  { label: '$0–$99', min: 0, max: 99 },
  { label: '$100–$249', min: 100, max: 249 },
  { label: '$250–$499', min: 250, max: 499 },
  { label: '$500–$999', min: 500, max: 999 },
  { label: '$1,000–$2,499', min: 1000, max: 2499 },
  { label: '$2,500 or more', min: 2500, max: 2_147_483_647 },
] as const;

function fill(values: readonly string[], rows: Array<{ value: string | null; count: number }>): Distribution {
  const counts = new Map(rows.map((r) => [r.value ?? '', Number(r.count)]));
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

/** Figures for /admin/dashboard: accounts, onboarding completion, each answer's distribution. */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      admins: sql<number>`count(*) filter (where ${accounts.systemRole} = 'admin')::int`,
      last7Days: sql<number>`count(*) filter (where ${accounts.createdAt} > now() - interval '7 days')::int`,
      last30Days: sql<number>`count(*) filter (where ${accounts.createdAt} > now() - interval '30 days')::int`,
      completed: sql<number>`count(*) filter (where ${accounts.onboarding})::int`,
    })
    .from(accounts);
  const count = sql<number>`count(*)::int`;
  const [vendorRows, resoldRows, referralRows, budget, reasons, details] = await Promise.all([
    db.select({ value: onboardingAnswers.vendor, count }).from(onboardingAnswers).groupBy(onboardingAnswers.vendor),
    db
      .select({ value: sql<string>`case when ${onboardingAnswers.alreadyResold} then 'yes' else 'no' end`, count })
      .from(onboardingAnswers)
      .groupBy(onboardingAnswers.alreadyResold),
    db
      .select({ value: onboardingAnswers.referralSource, count })
      .from(onboardingAnswers)
      .groupBy(onboardingAnswers.referralSource),
    db
      .select({
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${onboardingAnswers.maxBudget})`,
        average: sql<number | null>`avg(${onboardingAnswers.maxBudget})::float8`,
        ...Object.fromEntries(
          BUDGET_BUCKETS.map((b, i) => [
            `b${i}`,
            sql<number>`count(*) filter (where ${onboardingAnswers.maxBudget} between ${b.min} and ${b.max})::int`,
          ]),
        ),
      })
      .from(onboardingAnswers),
    topAnswers(db, onboardingAnswers.resaleReason),
    topAnswers(db, onboardingAnswers.referralOtherDetail),
  ]);
  const t = totals ?? { total: 0, admins: 0, last7Days: 0, last30Days: 0, completed: 0 };
  const b = (budget[0] ?? {}) as Record<string, number | null>;
  return {
    accounts: { total: t.total, admins: t.admins, last7Days: t.last7Days, last30Days: t.last30Days },
    onboarding: { completed: t.completed, pending: t.total - t.completed },
    answers: {
      vendor: fill(VENDORS, vendorRows),
      alreadyResold: fill(['yes', 'no'], resoldRows),
      referralSource: fill(REFERRAL_SOURCES, referralRows),
      maxBudget: {
        buckets: BUDGET_BUCKETS.map((bucket, i) => ({ value: bucket.label, count: Number(b[`b${i}`] ?? 0) })),
        median: b.median == null ? null : Number(b.median),
        average: b.average == null ? null : Math.round(Number(b.average) * 100) / 100,
      },
      resaleReason: reasons,
      referralOtherDetail: details,
    },
  };
}

/** Free-text answers grouped case-insensitively, most frequent first (top 10). */
async function topAnswers(
  db: Db,
  column: typeof onboardingAnswers.resaleReason | typeof onboardingAnswers.referralOtherDetail,
): Promise<{ answered: number; top: Distribution }> {
  const normalised = sql<string>`lower(trim(${column}))`;
  const rows = await db
    .select({ value: normalised, count: sql<number>`count(*)::int` })
    .from(onboardingAnswers)
    .where(sql`${column} is not null and trim(${column}) <> ''`)
    .groupBy(normalised)
    .orderBy(sql`count(*) desc`, normalised)
    .limit(10);
  const [answered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(onboardingAnswers)
    .where(sql`${column} is not null and trim(${column}) <> ''`);
  return { answered: answered?.n ?? 0, top: rows.map((r) => ({ value: r.value, count: Number(r.count) })) };
}
