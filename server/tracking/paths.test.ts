import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { eventPath, eventPathSql } from './paths.ts';
import { rows } from './sql.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Named = { id: string; name: string };

const pathsInSql = async (events: Named[]) =>
  (
    await rows<{ path: string }>(
      database.db,
      sql`select ${eventPathSql(sql`e.id`, sql`e.name`)} as path
        from json_to_recordset(${JSON.stringify(events.map((e, n) => ({ ...e, n })))}::json) as e(id text, name text, n int)
        order by e.n`,
    )
  ).map((row) => row.path);

describe('eventPathSql', () => {
  it('writes the path eventPath writes, for names and ids in any script', async () => {
    const events: Named[] = [
      { id: 'vvG1', name: 'Eras Tour: Night 2' },
      { id: 'Z7r9jZ1A7', name: '  AC/DC -- Power Up!!  ' },
      { id: 'E1', name: 'Montréal Cobras' },
      { id: 'E2', name: 'Beyoncé — Renaissance' },
      { id: 'E3', name: 'MÖTLEY CRÜE & Def Leppard' },
      { id: 'E4', name: 'İstanbul Devlet Senfoni Orkestrası' },
      { id: 'E5', name: 'ΟΔΟΣ ΣΑΣ, ΣΣ Σ. ΑΣ\u0301Α ᾼΣ' },
      { id: 'E6', name: 'Straße ẞ ǅ Ⅻ ½ ²' },
      { id: 'E7', name: '東京ドーム 公演 2026' },
      { id: 'E8', name: 'Фестиваль «Нашествие»' },
      { id: 'E9', name: 'مهرجان جرش' },
      { id: 'E10', name: '🎸 Rock 🎤 Night 𝔘𝔫𝔦𝔠𝔬𝔡𝔢' },
      { id: 'E11', name: 'e\u0301 Cafe\u0301' },
      { id: 'E12', name: '★★★' },
      { id: 'E13', name: '' },
      { id: 'odd id/ü?#&', name: "Rock 'n' Roll (Live)" },
      { id: "a-b_c.d!e~f*g'h(i)j", name: '<script>alert(1)</script>' },
    ];
    expect(await pathsInSql(events)).toEqual(events.map(eventPath));
  });

  it('lowercases and keeps or drops each character as eventPath does, wherever the rules change', async () => {
    // Where JavaScript starts or stops calling a character a letter or number, cased or
    // case-ignorable (both sides), and every character that lowercases to another: the SQL
    // matches ranges, so agreeing at both ends of each range is agreeing on all of Unicode.
    const classes = [/[\p{L}\p{N}]/u, /\p{Case_Ignorable}/u, /\p{Cased}/u];
    const picked = new Set<number>();
    let before = classes.map(() => false);
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      const now = classes.map((c) => c.test(char));
      if (now.some((inside, i) => inside !== before[i])) picked.add(cp).add(cp === 0xe000 ? 0xd7ff : cp - 1);
      if (char.toLowerCase() !== char) picked.add(cp);
      before = now;
    }
    picked.delete(0);
    const chars = [...picked].sort((a, b) => a - b).map((cp) => String.fromCodePoint(cp));
    // Each character alone before a capital sigma and alone after one puts the final-sigma
    // rule (ς after a cased letter and before none) to it.
    const events: Named[] = [];
    for (let i = 0; i < chars.length; i += 256) {
      const slice = chars.slice(i, i + 256);
      events.push({ id: `plain-${i}`, name: slice.join('') });
      events.push({ id: `sigma-${i}`, name: slice.map((c) => `-${c}Σ-AΣ${c}-`).join('') });
    }
    expect(chars.length).toBeGreaterThan(5000);
    const inSql = await pathsInSql(events);
    expect(events.filter((event, i) => inSql[i] !== eventPath(event)).map((e) => e.id)).toEqual([]);
  });
});
