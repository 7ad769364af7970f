/**
 * Where to continue after sign-in. Only a path on our own origin is accepted ("/x", never
 * "//host", "/\host" or "https://…"): anything else falls back to `fallback`, so a crafted
 * link cannot send a freshly signed-in user to another site. The check is made on the
 * normalised path, the one returned.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || typeof target !== 'string') return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'http://encore.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    // Normalising may itself make a way out ('/..//evil.example' becomes '//evil.example'):
    // what we return must stay on our origin when the browser resolves it again.
    const normalised = url.pathname + url.search + url.hash;
    if (
      normalised.startsWith('//') ||
      new URL(normalised, 'http://encore.example').origin !== 'http://encore.example'
    ) {
      return fallback;
    }
    return normalised;
  } catch {
    return fallback;
  }
}
