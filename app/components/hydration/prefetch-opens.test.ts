import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as partCode from './part-code';
import { OPENS } from './part-code';
import { OPENS_MODULES } from './prefetch-opens';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../../..');

describe('what presses open, prefetched once the page is idle', () => {
  it('names, for every control, the module part-code.ts imports for it', () => {
    expect(Object.keys(OPENS_MODULES).sort()).toEqual(Object.keys(OPENS).sort());
    const source = readFileSync(path.join(here, 'part-code.ts'), 'utf8');
    const importers = new Map(
      [...source.matchAll(/export const (\w+) = keptImport\(\(\) => import\('([^']+)'\)\)/g)].map(
        ([, name, target]) => [name!, path.relative(root, path.resolve(here, target!))],
      ),
    );
    for (const [opens, module] of Object.entries(OPENS_MODULES)) {
      const loader = Object.entries(partCode).find(([, value]) => value === OPENS[opens as keyof typeof OPENS])?.[0];
      expect(`${importers.get(loader ?? '')}.tsx`, opens).toBe(module);
      expect(existsSync(path.join(root, module)), module).toBe(true);
    }
  });
});
