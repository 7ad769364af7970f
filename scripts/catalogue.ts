/**
 * `npm run catalogue -- <command> [options]`
 *   generate --size small|medium|large [--seed N]   demo catalogue (scripts/catalogue/generate.ts)
 *   sync ticketmaster [filters]                      Discovery API ingest (scripts/catalogue/sync.ts)
 */
const [command, ...rest] = process.argv.slice(2);

const commands: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  generate: () => import('./catalogue/generate.ts'),
  sync: () => import('./catalogue/sync.ts'),
};

const load = command ? commands[command] : undefined;
if (!load) {
  console.error(`usage: npm run catalogue -- ${Object.keys(commands).join('|')} [options]`);
  process.exit(2);
}
try {
  await (await load()).run(rest);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// A module (not a script), so the top-level await above type-checks.
export {};
