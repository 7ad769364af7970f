import { useSyncExternalStore } from 'react';

/**
 * SPEC §3 Account: client state persisted in local storage under the `encore` key. Empty
 * (signed out) or filled; it can be reset to empty (SPEC §4). A small external store read
 * with useSyncExternalStore, shared by every component and kept in step across tabs.
 */
export type Account = {
  uid: string;
  image: string;
  email: string;
  systemRole: string;
  firstName: string;
  lastName: string;
  /** Falls back to the part of the email before the @. */
  displayName: string;
  token: string;
  /** Native shells only; the web keeps it empty. */
  pushNotificationToken: string;
  onboarding: boolean;
};

export const ACCOUNT_STORAGE_KEY = 'encore';

export const EMPTY_ACCOUNT: Account = Object.freeze({
  uid: '',
  image: '',
  email: '',
  systemRole: '',
  firstName: '',
  lastName: '',
  displayName: '',
  token: '',
  pushNotificationToken: '',
  onboarding: false,
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** SPEC §3: displayName falls back to the part of the email before the @. */
export function normalizeAccount(value: Partial<Record<keyof Account, unknown>>): Account {
  const email = text(value.email);
  return {
    uid: text(value.uid),
    image: text(value.image),
    email,
    systemRole: text(value.systemRole),
    firstName: text(value.firstName),
    lastName: text(value.lastName),
    displayName: text(value.displayName) || (email.includes('@') ? email.slice(0, email.indexOf('@')) : ''),
    token: text(value.token),
    pushNotificationToken: text(value.pushNotificationToken),
    onboarding: value.onboarding === true,
  };
}

/** SPEC §3: the image gets a changing query parameter so a new picture is never a cached one. */
export function withCacheBuster(url: string, now = Date.now()): string {
  if (!url) return '';
  const [path, hash = ''] = url.split('#', 2) as [string, string?];
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = query.split('&').filter((p) => p && !p.startsWith('t='));
  params.push(`t=${now}`);
  return `${base}?${params.join('&')}${hash ? `#${hash}` : ''}`;
}

let snapshot: Account = EMPTY_ACCOUNT;
let started = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function readStorage(): Account {
  try {
    const raw = window.localStorage.getItem(ACCOUNT_STORAGE_KEY);
    return raw ? normalizeAccount(JSON.parse(raw) as Record<string, unknown>) : EMPTY_ACCOUNT;
  } catch {
    return EMPTY_ACCOUNT;
  }
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  snapshot = readStorage();
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCOUNT_STORAGE_KEY && event.key !== null) return;
    snapshot = readStorage();
    emit();
  });
}

function persist() {
  try {
    if (snapshot.uid) window.localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify(snapshot));
    else window.localStorage.removeItem(ACCOUNT_STORAGE_KEY);
  } catch {
    // Storage full or blocked (private mode): the account lives for this page only.
  }
}

export function getAccount(): Account {
  start();
  return snapshot;
}

export function setAccount(patch: Partial<Account>) {
  start();
  snapshot = normalizeAccount({ ...snapshot, ...patch });
  persist();
  emit();
}

/**
 * SPEC §4: reset to empty (signed out). Other tabs follow the stored account; with
 * `{ stored: false }` the reset is this page's alone until it is stored (signOut, session.ts).
 */
export function resetAccount({ stored = true }: { stored?: boolean } = {}) {
  start();
  snapshot = EMPTY_ACCOUNT;
  if (stored) persist();
  emit();
}

export function subscribeAccount(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverEmpty = () => EMPTY_ACCOUNT;

/** The account; EMPTY while server rendering and hydrating, the stored one right after. */
export function useAccount(): Account {
  return useSyncExternalStore(subscribeAccount, getAccount, serverEmpty);
}

/**
 * Whether someone is signed in. `serverValue` (the session cookie's verdict from the root
 * loader) is used for the server render and hydration, so the header does not flicker.
 */
export function useSignedIn(serverValue: boolean): boolean {
  return useSyncExternalStore(
    subscribeAccount,
    () => getAccount().uid !== '',
    () => serverValue,
  );
}
