import { parseArgs } from 'node:util';

export const SECTIONS = [
  'ssr',
  'longtail',
  'signedin',
  'firsttap',
  'scale',
  'search',
  'lighthouse',
  'bundles',
] as const;
export type Section = (typeof SECTIONS)[number];
export const SIZES = ['small', 'medium', 'large'] as const;
export type Size = (typeof SIZES)[number];

export type Options = {
  pg: boolean;
  size: Size;
  only: Set<Section>;
  quick: boolean;
  build: boolean;
  profile: boolean;
  keep: boolean;
  port: number;
  pgPort: number;
  /** With --pg: nodes behind HAProxy (1: the server alone). */
  nodes: number;
  /** HAProxy's port with --nodes. */
  lbPort: number;
  /** Seconds of load per SSR measurement (one page at one concurrency, over all rounds). */
  ssrSeconds: number;
  /** Catalogue names expanded into typed prefixes for the search replay. */
  replayNames: number;
  /** Time cap of the replay, so a slow search cannot push the run past its budget. */
  replaySeconds: number;
};

export const USAGE = `Usage: npm run bench -- [options]

Builds the web app, starts Encore on a fresh data directory with the demo catalogue and
measures, in one run, what visitors feel. Results: a table on stdout and bench/results/latest.json.

  --pg                  use a throwaway PostgreSQL server instead of embedded PGlite
  --size <size>         demo catalogue: small | medium | large (default medium)
  --only <list>         comma-separated sections: ${SECTIONS.join(',')} (default all)
  --quick               fewer seconds per measurement: a smoke run, not figures to compare
  --profile             profile the slowest page afterwards (a separate server run under
                        node --cpu-prof) and summarise where its CPU went
  --no-build            reuse ./build instead of running \`react-router build\` first
  --keep                keep the temporary directory (server log, data) for inspection
  --port <n>            Encore's port (default 3160)
  --pg-port <n>         PostgreSQL's port with --pg (default 55460)
  --nodes <n>           with --pg: n nodes on the one database behind HAProxy, every figure
                        through the balancer (default 1; nodes on --port, --port + 1, …)
  --lb-port <n>         HAProxy's port with --nodes (default 3170)
  -h, --help            this text`;

export function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      pg: { type: 'boolean', default: false },
      size: { type: 'string', default: 'medium' },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      port: { type: 'string', default: '3160' },
      'pg-port': { type: 'string', default: '55460' },
      nodes: { type: 'string', default: '1' },
      'lb-port': { type: 'string', default: '3170' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';

  if (!(SIZES as readonly string[]).includes(values.size)) {
    throw new Error(`--size must be one of ${SIZES.join(', ')} (got "${values.size}")`);
  }
  const only = new Set<Section>();
  for (const name of (values.only ?? SECTIONS.join(',')).split(',').map((s) => s.trim())) {
    if (!name) continue;
    if (!(SECTIONS as readonly string[]).includes(name)) {
      throw new Error(`--only takes ${SECTIONS.join(', ')} (got "${name}")`);
    }
    only.add(name as Section);
  }
  if (only.size === 0) throw new Error('--only needs at least one section');
  const port = (flag: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${flag} must be a port number (got "${text}")`);
    return n;
  };
  const nodes = Number(values.nodes);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 8)
    throw new Error(`--nodes must be 1 to 8 (got "${values.nodes}")`);
  if (nodes > 1 && !values.pg) throw new Error('--nodes needs --pg: nodes share a PostgreSQL server');
  return {
    pg: values.pg,
    size: values.size as Size,
    only,
    quick: values.quick,
    build: !values['no-build'],
    profile: values.profile,
    keep: values.keep,
    port: port('--port', values.port),
    pgPort: port('--pg-port', values['pg-port']),
    nodes,
    lbPort: port('--lb-port', values['lb-port']),
    ssrSeconds: values.quick ? 2 : 10,
    replayNames: values.quick ? 40 : 200,
    replaySeconds: values.quick ? 20 : 60,
  };
}
