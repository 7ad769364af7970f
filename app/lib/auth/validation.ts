/**
 * SPEC §5 form rules and messages, word for word. Plain functions (no schema library) so the
 * sign-in form stays light on public pages.
 */
export const INVALID_EMAIL_MESSAGE = 'Invalid E-mail';
export const REQUIRED_MESSAGE = 'Please type something';
export const SELECT_REQUIRED_MESSAGE = 'Please select something';
export const PASSWORD_MISMATCH_MESSAGE = "Password doesn't match";

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** SPEC §5: matches an email pattern, 6 to 254 characters, local part up to 64. */
export function isValidEmail(value: string): boolean {
  if (value.length < 6 || value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return EMAIL_PATTERN.test(value);
}

export type CredentialErrors = { email?: string; password?: string };

/** SPEC §5: the email rule above; the password any non-empty value. Call with trimmed values. */
export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!isValidEmail(email)) errors.email = INVALID_EMAIL_MESSAGE;
  if (!password) errors.password = REQUIRED_MESSAGE;
  return errors;
}

/**
 * SPEC §5 website URL pattern: an http or https address with a host name that has a dot
 * (or localhost), an optional port, path, query and fragment; no spaces, no credentials.
 */
const WEBSITE_URL_PATTERN =
  /^https?:\/\/(?:localhost|(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

export function isValidWebsiteUrl(value: string): boolean {
  return value.length <= 2048 && WEBSITE_URL_PATTERN.test(value.trim());
}
