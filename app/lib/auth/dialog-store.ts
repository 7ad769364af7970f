import { useSyncExternalStore } from 'react';
import { getAccount } from './account-store';

/**
 * SPEC §4 auth dialog: sign-in and sign-up, switchable; on success it closes and the pending
 * action runs; a signed-in user runs the action straight away. SPEC §6: it is opened with
 * the role value 'seller' (its use is not shown).
 */
export type AuthMode = 'signin' | 'signup';

export type AuthDialogState = {
  open: boolean;
  mode: AuthMode;
  role: 'seller';
  pending: (() => void) | null;
};

const CLOSED: AuthDialogState = { open: false, mode: 'signin', role: 'seller', pending: null };
let state = CLOSED;
/** Counts the times the dialog opened: which opening a press is waiting on. */
let openings = 0;
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the dialog, or gives the open one its pending action: the visitor who already chose
 * sign-up there keeps it.
 */
export function openAuthDialog(options: { mode?: AuthMode; onSignedIn?: () => void } = {}) {
  if (!state.open) openings++;
  const mode = options.mode ?? (state.open ? state.mode : 'signin');
  set({ open: true, mode, role: 'seller', pending: options.onSignedIn ?? null });
}

/**
 * Opens the dialog for a press whose control has no code yet (a signed-out Follow or Watch
 * tapped while the page loads, ADR 0039): the dialog shows as soon as its own code is there,
 * and the control, once its code has come, gives it the pending action (openAuthDialog).
 * Answers whether that opening is still on screen, so a press the visitor has since
 * dismissed is not replayed into a second dialog.
 */
export function openAuthDialogAhead(): () => boolean {
  openAuthDialog();
  const opening = openings;
  return () => state.open && openings === opening;
}

export function setAuthMode(mode: AuthMode) {
  set({ ...state, mode });
}

/** Closing without signing in drops the pending action. */
export function closeAuthDialog() {
  set(CLOSED);
}

/** After a successful sign-in: close, then run what the user was trying to do. */
export function completeAuthDialog() {
  const pending = state.pending;
  set(CLOSED);
  pending?.();
}

/** Runs `action` now for a signed-in user, otherwise after they sign in. */
export function requireSignIn(action: () => void) {
  if (getAccount().uid) action();
  else openAuthDialog({ onSignedIn: action });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}
