/**
 * `npm run admin -- <command>`: manage who may enter /admin (SPEC §6 systemRole admin).
 *   grant <email>    make the account with this email an admin
 *   revoke <email>   make it a plain user again
 *   list             print the admins
 * The user must have signed in once (the account exists from then on). ADMIN_EMAILS grants
 * admin automatically at first sign-in; this command is for everything after that.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { listAdmins, setSystemRoleByEmail } from '#server/accounts/accounts';
import { type Db, openDatabase } from '#server/db/client';
import { type Env, EnvError, parseEnv } from '#server/env';

export const USAGE = 'usage: npm run admin -- grant <email> | revoke <email> | list';

/** Runs one command against a database; returns the exit code, printing through `out`. */
export async function runAdminCommand(
  db: Db,
  args: string[],
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  const [command, email, ...extra] = args;
  if (command === 'list' && email === undefined) {
    const admins = await listAdmins(db);
    if (admins.length === 0) out.log('No admins yet.');
    for (const admin of admins) out.log(`${admin.email ?? '(no email)'}\t${admin.uid}`);
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !email || extra.length > 0) {
    out.error(USAGE);
    return 2;
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) {
    out.error(`"${email}" is not an email address`);
    return 2;
  }
  const role = command === 'grant' ? 'admin' : 'user';
  const changed = await setSystemRoleByEmail(db, email, role);
  if (changed === 0) {
    out.error(`No account uses ${email}: the person must sign in to Encore once first.`);
    return 1;
  }
  out.log(
    command === 'grant'
      ? `${email} is now an admin (${changed} account${changed > 1 ? 's' : ''}).`
      : `${email} is no longer an admin (${changed} account${changed > 1 ? 's' : ''}).`,
  );
  return 0;
}

/**
 * The embedded database (PGlite) is one process's files: opening it while the server runs
 * would corrupt it. Ask the configured address whether Encore is up before touching them.
 */
async function serverIsRunning(env: Env): Promise<boolean> {
  try {
    const response = await fetch(`http://${env.HOST}:${env.PORT}/api/health`, { signal: AbortSignal.timeout(1500) });
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(78);
  }
  const args = process.argv.slice(2);
  if (!env.DATABASE_URL && (await serverIsRunning(env))) {
    console.error(
      `Encore is running on ${env.HOST}:${env.PORT} with the embedded database in ${env.DATA_DIR}, which only one ` +
        'process may open. Stop the server, run this command, then start it again (or use DATABASE_URL).',
    );
    process.exit(1);
  }
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  try {
    process.exitCode = await runAdminCommand(database.db, args, console);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
