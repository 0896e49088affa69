/**
 * A local HTTP server standing in for a partner (an SMS gateway) in tests: it records every
 * request and answers as the test says, including never (a provider that stopped answering).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StandInAnswer = { status: number; json?: unknown; text?: string } | 'no answer';

export interface HttpStandIn {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  requests: StandInRequest[];
  answer: (request: StandInRequest) => StandInAnswer;
  close(): Promise<void>;
}

export async function startHttpStandIn(
  answer: (request: StandInRequest) => StandInAnswer,
): Promise<HttpStandIn> {
  const standIn = { requests: [] as StandInRequest[], answer } as HttpStandIn;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      standIn.requests.push(request);
      const reply = standIn.answer(request);
      if (reply === 'no answer') return;
      if (reply.json !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(reply.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

/** A local port nothing listens on: a provider that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
