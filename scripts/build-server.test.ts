import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { COMPILED_SERVER, SERVER_NODE_OPTIONS } from './build-server.ts';

it('`npm run serve` starts the compiled server with the options every other start passes', () => {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts.serve).toBe(`exec node ${SERVER_NODE_OPTIONS.join(' ')} build/${COMPILED_SERVER}`);
});
