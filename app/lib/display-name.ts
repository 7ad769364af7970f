/**
 * The name to greet a fan by: the first name they gave, else their display name, else the
 * part of their email before the @ (SPEC §3) — but never a machine-made handle such as a uid
 * or 'uxnc1795458740' (a generated address or account id): no name reads better than that.
 */
export function greetingName(person: {
  firstName?: string | null;
  displayName?: string | null;
  email?: string | null;
  uid?: string | null;
}): string | undefined {
  const emailPart = person.email?.includes('@') ? person.email.slice(0, person.email.indexOf('@')) : undefined;
  for (const candidate of [person.firstName, person.displayName, emailPart]) {
    const name = candidate?.trim();
    if (name && !machineMade(name, person.uid)) return name;
  }
  return undefined;
}

/** A uid, or one word mixing letters with a run of six or more digits, or a long opaque token. */
export function machineMade(name: string, uid?: string | null): boolean {
  if (uid && name === uid) return true;
  if (/\s/.test(name)) return false;
  if (/^[A-Za-z0-9_-]{20,}$/.test(name)) return true;
  return /\p{L}/u.test(name) && /\d{6,}/.test(name);
}
