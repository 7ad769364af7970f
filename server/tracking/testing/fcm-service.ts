import { createServer, type IncomingMessage } from 'node:http';
import { Agent } from 'node:https';
import { type AddressInfo, connect } from 'node:net';

/**
 * Test-only: a loopback stand-in for Firebase Cloud Messaging's HTTP v1 `messages:send`,
 * answering in FCM's documented shapes (a message name; google.rpc errors whose details carry
 * an FcmError code). Each token's answer is chosen by the test; the default is success.
 */
export type FcmMessage = {
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
};
export type FcmRequest = { path: string; authorization: string | undefined; message: FcmMessage };

const FCM_ERRORS = {
  UNREGISTERED: { status: 404, rpc: 'NOT_FOUND', message: 'Requested entity was not found.' },
  INVALID_ARGUMENT: {
    status: 400,
    rpc: 'INVALID_ARGUMENT',
    message: 'The registration token is not a valid FCM registration token',
  },
  QUOTA_EXCEEDED: { status: 429, rpc: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded for the device.' },
} as const;
export type FcmErrorCode = keyof typeof FCM_ERRORS;

export type FcmService = {
  requests: FcmRequest[];
  answer(token: string, error: FcmErrorCode): void;
  /**
   * An https agent whose connections reach this server in clear text: firebase-admin builds
   * the real request for FCM's host, and only the socket under it is redirected here.
   */
  agent: Agent;
  close(): Promise<void>;
};

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFcmService(): Promise<FcmService> {
  const requests: FcmRequest[] = [];
  const answers = new Map<string, FcmErrorCode>();
  let sent = 0;
  const server = createServer(async (request, response) => {
    const { message } = JSON.parse(await body(request)) as { message: FcmMessage };
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, message });
    const error = answers.get(message.token);
    response.setHeader('content-type', 'application/json; charset=UTF-8');
    if (!error) {
      const project = /\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '')?.[1] ?? 'unknown';
      response.end(JSON.stringify({ name: `projects/${project}/messages/0:${++sent}` }));
      return;
    }
    const shape = FCM_ERRORS[error];
    response.statusCode = shape.status;
    response.end(
      JSON.stringify({
        error: {
          code: shape.status,
          message: shape.message,
          status: shape.rpc,
          details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: error }],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  class LoopbackAgent extends Agent {
    override createConnection() {
      return connect(port, '127.0.0.1');
    }
  }
  const agent = new LoopbackAgent({ keepAlive: false });

  return {
    requests,
    answer: (token, error) => answers.set(token, error),
    agent,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
