import { createServer } from 'node:net';

/** A loopback port nothing listens on once this resolves: for a server of the test's own, or a refusal. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
