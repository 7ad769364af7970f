/**
 * `--pg --nodes N`: the measured server becomes N Encore nodes on the same PostgreSQL
 * database behind HAProxy (deploy/haproxy.cfg, as README "Running several nodes"), and every
 * figure is taken through the balancer.
 */
import { closeSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { haproxyAvailable, haproxyConfig } from '../scripts/cluster.ts';
import { spawnTracked, stopTracked } from './processes.ts';
import { type RunningServer, type ServerOptions, sleep, startServer, tail, waitUntilQuiet } from './server.ts';

export async function behindBalancer(
  first: RunningServer,
  options: ServerOptions,
  nodes: number,
  lbPort: number,
  log: (line: string) => void,
): Promise<RunningServer> {
  if (!haproxyAvailable()) throw new Error('--nodes needs haproxy (Debian package haproxy)');
  const servers = [first];
  for (let i = 1; i < nodes; i++) {
    const node = await startServer({
      ...options,
      port: options.port + i,
      dataDir: `${options.dataDir}-${i + 1}`,
      logFile: options.logFile.replace(/\.log$/, `-${i + 1}.log`),
    });
    await waitUntilQuiet(node.child.pid!, 120);
    servers.push(node);
  }
  const runDir = path.dirname(options.logFile);
  const configFile = path.join(runDir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(servers.map((_, i) => options.port + i)));
  const logFile = path.join(runDir, 'haproxy.log');
  const fd = openSync(logFile, 'a');
  const lb = spawnTracked('haproxy', 'haproxy', ['-db', '-f', configFile], {
    env: { ...process.env, ENCORE_LB: `127.0.0.1:${lbPort}` },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const origin = `http://127.0.0.1:${lbPort}`;
  for (let waited = 0; ; waited += 250) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (waited > 10_000) throw new Error(`HAProxy did not answer on ${origin}:\n${tail(logFile, 20)}`);
    await sleep(250);
  }
  log(`  ${nodes} nodes behind HAProxy at ${origin} (nodes on ports ${options.port}–${options.port + nodes - 1})`);
  return {
    origin,
    child: first.child,
    startSeconds: first.startSeconds,
    settle: async () => {
      for (const server of servers) await server.settle();
    },
    stop: async () => {
      await stopTracked(lb, 5_000);
      for (const server of servers) await server.stop();
    },
  };
}
