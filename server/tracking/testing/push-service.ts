import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test-only: a browser's side of Web Push. `newSubscriber()` makes what a browser keeps (a
 * P-256 key pair and a 16-byte auth secret) and `decrypt()` opens an RFC 8291 aes128gcm
 * message with node:crypto alone, so the tests check the bytes a real browser would get.
 * `startPushService()` is a loopback push service that records what it receives.
 */

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export type Subscriber = {
  /** Uncompressed P-256 public key (65 bytes), base64url: PushSubscription keys.p256dh. */
  p256dh: string;
  /** keys.auth, base64url. */
  auth: string;
  decrypt(body: Buffer): string;
};

export function newSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body: Buffer): string {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (sender's public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (records.length > recordSize) throw new Error('more than one record is not expected here');
      const shared = ecdh.computeSecret(senderKey);
      // RFC 8291 §3.4: combine the ECDH secret with the auth secret.
      const prkKey = hmac(authSecret, shared);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey, Buffer.from([1])]);
      const ikm = hmac(prkKey, keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
      // Padding: the last record ends with the delimiter 0x02 followed by zero bytes.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error('bad padding delimiter');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type PushService = {
  /** Endpoint URL for a subscription named `name`. */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** Answer this status to every request for `name` from now on (e.g. 410 Gone). */
  answer(name: string, status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  // Waiters are told on each arrival: no polling.
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path.replace(/^\/push\//, '')) ?? 201).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: (name) => `http://127.0.0.1:${port}/push/${name}`,
    received,
    answer: (name, status) => statuses.set(name, status),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise<ReceivedPush[]>((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} pushes, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
