import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '#server/accounts/accounts';
import type { Database } from '#server/db/client';
import { accounts } from '#server/db/schema';
import { createTestDatabase } from '#server/testing/test-db';
import { runAdminCommand, USAGE } from './admin.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(accounts).values([
    { uid: 'u1', email: 'Pat@Example.test' },
    { uid: 'u2', email: 'sam@example.test' },
  ]);
});
afterAll(() => database?.close());

async function run(...args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runAdminCommand(database.db, args, {
    log: (l) => lines.push(l),
    error: (l) => errors.push(l),
  });
  return { code, lines, errors };
}

describe('npm run admin', () => {
  it('grants admin by email, case-insensitively, and lists admins', async () => {
    expect(await run('list')).toEqual({ code: 0, lines: ['No admins yet.'], errors: [] });
    const granted = await run('grant', 'pat@example.test');
    expect(granted).toEqual({ code: 0, lines: ['pat@example.test is now an admin (1 account).'], errors: [] });
    expect((await getProfile(database.db, 'u1'))?.systemRole).toBe('admin');
    expect((await getProfile(database.db, 'u2'))?.systemRole).toBe('user');
    expect((await run('list')).lines).toEqual(['Pat@Example.test\tu1']);
  });

  it('revokes admin', async () => {
    const revoked = await run('revoke', 'PAT@example.test');
    expect(revoked.code).toBe(0);
    expect(revoked.lines).toEqual(['PAT@example.test is no longer an admin (1 account).']);
    expect((await getProfile(database.db, 'u1'))?.systemRole).toBe('user');
  });

  it('explains an unknown email and bad usage', async () => {
    const unknown = await run('grant', 'nobody@example.test');
    expect(unknown.code).toBe(1);
    expect(unknown.errors).toEqual([
      'No account uses nobody@example.test: the person must sign in to Encore once first.',
    ]);
    expect(await run('grant')).toMatchObject({ code: 2, errors: [USAGE] });
    expect(await run('promote', 'pat@example.test')).toMatchObject({ code: 2, errors: [USAGE] });
    expect(await run('grant', 'not-an-email')).toMatchObject({
      code: 2,
      errors: ['"not-an-email" is not an email address'],
    });
  });
});
