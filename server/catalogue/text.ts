/**
 * The text search runs on: lower case, accents removed, punctuation folded to spaces.
 * Computed in code at write time (search_text columns) and applied to every query, so the
 * same rule holds on PGlite and on a PostgreSQL server without the unaccent extension.
 */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
