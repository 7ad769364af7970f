import { type SQL, sql } from 'drizzle-orm';

/**
 * Same-origin page paths for alerts, push notifications and calendar entries. SPEC §2: a
 * slug is the lowercased name with each run of non-alphanumeric characters replaced by a
 * single hyphen (the browser's app/lib/slug.ts applies the same rule; a test keeps them equal).
 */
export function slugify(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
}

// Percent-encoded UTF-8, as app/lib/slug.ts: these paths end up in headers and calendar files.
export const eventPath = (event: { id: string; name: string }) =>
  `/events/${encodeURIComponent(slugify(event.name))}/${encodeURIComponent(event.id)}`;

export const artistPath = (attraction: { id: string; name: string }) =>
  `/${encodeURIComponent(`${slugify(attraction.name)}-tickets`)}/artist/${encodeURIComponent(attraction.id)}`;

export const MY_ENCORE_PATH = '/my-encore';

/**
 * eventPath in SQL, for alerts raised by one statement (ADR 0062). The database's own lower()
 * and character classes follow its locale and Unicode version, so the SQL is built from this
 * runtime's: the characters slugify keeps (letters and numbers), what toLowerCase turns each
 * into, and the context that makes a capital sigma final (ς, not σ). Names in ASCII, nearly
 * all of them, take a short path. paths.test.ts compares the two wherever a character's class
 * or lowercase changes, which is all of Unicode.
 */
export function eventPathSql(id: SQL, name: SQL): SQL {
  const unicode = unicodeRules();
  const ascii = sql`regexp_replace(lower(${name} collate "C"), '[^a-z0-9]+', '-', 'g')`;
  // Σ is final after a cased letter and before none, case-ignorable characters skipped.
  const sigmas = sql`(case when strpos(${name}, 'Σ') > 0
    then regexp_replace(${name} collate "C", ${unicode.finalSigma}, 'ς', 'g') else ${name} end)`;
  const lowered = sql`(select string_agg(coalesce(${unicode.lower}::jsonb ->> c, c), '' order by n)
    from string_to_table(${sigmas}, null) with ordinality as chars(c, n))`;
  const unicodeSlug = sql`regexp_replace(${lowered} collate "C", ${unicode.notLetterOrNumber}, '-', 'g')`;
  return sql`('/events/' || (case when ${name} collate "C" ~ '^[\\x01-\\x7f]*$' then ${ascii} else ${percentEncoded(unicodeSlug)} end)
    || '/' || (case when ${id} collate "C" ~ ${`^${UNRESERVED}*$`} then ${id} else ${percentEncoded(id)} end))`;
}

/** What encodeURIComponent leaves as it is. */
const UNRESERVED = `[-A-Za-z0-9_.!~*'()]`;

/** encodeURIComponent in SQL: each character's UTF-8 bytes as %XX unless it is unreserved. */
function percentEncoded(value: SQL): SQL {
  return sql`coalesce((select string_agg(case when c collate "C" ~ ${`^${UNRESERVED}$`} then c
      else upper(regexp_replace(encode(convert_to(c, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end, '' order by n)
    from string_to_table(${value}, null) with ordinality as chars(c, n)), '')`;
}

type UnicodeRules = { lower: string; notLetterOrNumber: string; finalSigma: string };
let rules: UnicodeRules | undefined;

/** Built once a process (≈ 0.2 s): every code point, as this runtime classifies and lowercases it. */
function unicodeRules(): UnicodeRules {
  if (rules) return rules;
  const planes = assignableCodePoints();
  const ranges = (pattern: RegExp) =>
    planes.flatMap((text) =>
      Array.from(text.matchAll(pattern), (m) => {
        const chars = Array.from(m[0]);
        return [chars[0]!.codePointAt(0)!, chars.at(-1)!.codePointAt(0)!] as const;
      }),
    );
  const codePoint = (cp: number) =>
    cp > 0xffff ? `\\U${cp.toString(16).padStart(8, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
  const bracket = (pattern: RegExp, negated = false) =>
    `[${negated ? '^' : ''}${ranges(pattern)
      .map(([from, to]) => (from === to ? codePoint(from) : `${codePoint(from)}-${codePoint(to)}`))
      .join('')}]`;
  const lower: Record<string, string> = {};
  for (const [from, to] of ranges(/\p{Changes_When_Lowercased}+/gu)) {
    for (let cp = from; cp <= to; cp++) lower[String.fromCodePoint(cp)] = String.fromCodePoint(cp).toLowerCase();
  }
  const ignorable = bracket(/\p{Case_Ignorable}+/gu);
  // A character both cased and case-ignorable is skipped, as toLowerCase looks past it.
  const cased = bracket(/(?:(?!\p{Case_Ignorable})\p{Cased})+/gu);
  rules = {
    lower: JSON.stringify(lower),
    notLetterOrNumber: `${bracket(/[\p{L}\p{N}]+/gu, true)}+`,
    finalSigma: `(?<=${cased}${ignorable}*)Σ(?!${ignorable}*${cased})`,
  };
  return rules;
}

/**
 * The code points that can be letters, numbers or cased, in order, as strings: those below the
 * surrogates, then up to plane 3, then plane 14. Planes 4 to 13 have nothing assigned, 15 and 16
 * are private use; the test reads every code point, so a Unicode that changes this fails it.
 */
function assignableCodePoints(): string[] {
  const text = (from: number, to: number) => {
    const units = new Uint16Array(2 * (to - from + 1));
    let n = 0;
    for (let cp = from; cp <= to; cp++) {
      if (cp <= 0xffff) units[n++] = cp;
      else {
        units[n++] = 0xd800 + ((cp - 0x10000) >> 10);
        units[n++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
      }
    }
    return new TextDecoder('utf-16le').decode(units.subarray(0, n));
  };
  return [text(0, 0xd7ff), text(0xe000, 0x3ffff), text(0xe0000, 0xeffff)];
}
