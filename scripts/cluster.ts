/**
 * Several Encore nodes on one PostgreSQL server behind HAProxy (deploy/haproxy.cfg), on this
 * machine: used by the cluster test (tests/cluster/), `npm run bench -- --pg --nodes N`,
 * and by hand:
 *   npm run emulator &   # sign-in shared by every node
 *   DATABASE_URL=postgres://… node --import tsx scripts/cluster.ts --nodes 2 --port 8080 --node-port 3001
 * Needs a build (`npm run build`: the web app and the compiled server) and the `haproxy`
 * binary (Debian package `haproxy`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COMPILED_SERVER, SERVER_NODE_OPTIONS } from './build-server.ts';

export type ClusterOptions = {
  databaseUrl: string;
  /** One port per node. */
  nodePorts: number[];
  lbPort: number;
  /** PGlite data dirs are unused on PostgreSQL; each node still gets its own (images cache). */
  workDir: string;
  /** Environment for every node (job intervals, emulator, page cache…). */
  env?: Record<string, string>;
  /** Where node and HAProxy output goes; dropped when absent. */
  log?: (line: string) => void;
};

export type ClusterNode = {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
};

export type Cluster = {
  /** The load balancer's address. */
  url: string;
  nodes: ClusterNode[];
  /** Starts node `index` again (after a kill) and waits until it reports healthy. */
  restart(index: number): Promise<ClusterNode>;
  stop(): Promise<void>;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HEALTHY_WITHIN_MS = 120_000;

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** deploy/haproxy.cfg with one `server` line per node. */
export function haproxyConfig(nodePorts: number[]): string {
  const template = readFileSync(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8');
  const servers = nodePorts.map((port, i) => `  server node${i + 1} 127.0.0.1:${port}`).join('\n');
  return template.replace(/ {2}# nodes:begin\n[\s\S]*? {2}# nodes:end/, `  # nodes:begin\n${servers}\n  # nodes:end`);
}

export async function waitHealthy(url: string, withinMs = HEALTHY_WITHIN_MS, exited?: () => boolean): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (exited?.()) throw new Error(`${url} exited before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not healthy within ${withinMs / 1000} s`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const children: ChildProcess[] = [];
  const pipe = (name: string, child: ChildProcess) => {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line) log(`${name} ${line}`);
      });
    }
  };
  const startNode = async (index: number): Promise<ClusterNode> => {
    const port = options.nodePorts[index]!;
    const dataDir = path.join(options.workDir, `node${index + 1}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join('build', COMPILED_SERVER)], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        CATALOGUE_SIZE: 'none',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    pipe(`node${index + 1}`, child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(url, HEALTHY_WITHIN_MS, () => child.exitCode !== null || child.signalCode !== null);
    return { index, port, url, child, exited };
  };

  const stopChild = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };

  try {
    const nodes: ClusterNode[] = [];
    // One after the other: the first applies the migrations, the next find them done.
    for (let i = 0; i < options.nodePorts.length; i++) nodes.push(await startNode(i));

    const configFile = path.join(options.workDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(options.nodePorts));
    const lb = spawn('haproxy', ['-db', '-f', configFile], {
      env: { ...process.env, ENCORE_LB: `127.0.0.1:${options.lbPort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(lb);
    pipe('haproxy', lb);
    const url = `http://127.0.0.1:${options.lbPort}`;
    await waitHealthy(url, 10_000, () => lb.exitCode !== null);

    return {
      url,
      nodes,
      async restart(index) {
        const node = await startNode(index);
        nodes[index] = node;
        return node;
      },
      async stop() {
        await Promise.all(nodes.map((node) => stopChild(node.child)));
        await stopChild(lb);
      },
    };
  } catch (error) {
    await Promise.all(children.map((child) => stopChild(child, 'SIGKILL')));
    throw error;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'node-port': { type: 'string', default: '3001' },
      dir: { type: 'string', default: '/tmp/encore-cluster' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must name the PostgreSQL server the nodes share');
  const first = Number(values['node-port']);
  const cluster = await startCluster({
    databaseUrl,
    nodePorts: Array.from({ length: Number(values.nodes) }, (_, i) => first + i),
    lbPort: Number(values.port),
    workDir: values.dir,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', CATALOGUE_SIZE: process.env.CATALOGUE_SIZE ?? 'small' },
    log: (line) => console.log(line),
  });
  console.log(`[encore] ${cluster.nodes.length} nodes behind ${cluster.url}; Ctrl-C stops them`);
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`[encore] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
