/**
 * The baseline of the live-session benchmark: a bare `ws` WebSocketServer, no framework, no
 * database. Like the product's /learn/socket it sends a snapshot when a socket connects, answers
 * {type:'ping'} with {type:'pong'}, and answers every event with
 * {type:'result', requestId, ok:true, snapshot} whose snapshot is fixed bytes: one of the product's
 * own result snapshots, of the typical size (read from SNAPSHOT_FILE). Each message is parsed, as
 * the product must, to read its requestId. What Node and `ws` cost on their own.
 *
 * Env: PORT, HOST (default 127.0.0.1), SNAPSHOT_FILE. GET /healthz answers 200 for the start-up check.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    console.error(`echo-server: ${name} is required`);
    process.exit(2);
  }
  return value;
};

const port = Number(required('PORT'));
const host = process.env.HOST ?? '127.0.0.1';
// Kept as text and spliced in: the snapshot's bytes are the product's, not re-serialised.
const snapshot = readFileSync(required('SNAPSHOT_FILE'), 'utf8').trim();
const greeting = `{"type":"snapshot","snapshot":${snapshot}}`;

const http = createServer((request, response) => {
  if (request.url === '/healthz') response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  else response.writeHead(404).end();
});

// The product's limit; compression off, as the product's (@fastify/websocket's default).
const wss = new WebSocketServer({ server: http, maxPayload: 64 * 1024, perMessageDeflate: false });

const answer = (data: Buffer): string => {
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return JSON.stringify({ type: 'error', code: 'bad_request', message: 'Messages must be JSON' });
  }
  const { type, requestId } = (message ?? {}) as { type?: unknown; requestId?: unknown };
  if (type === 'ping') return '{"type":"pong"}';
  if (type !== 'event' || typeof requestId !== 'string')
    return JSON.stringify({ type: 'error', code: 'bad_request', message: 'Not an event' });
  return `{"type":"result","requestId":${JSON.stringify(requestId)},"ok":true,"version":1,"delta":${snapshot}}`;
};

wss.on('connection', (socket) => {
  socket.send(greeting);
  // binaryType is 'nodebuffer' (the default): every message is one Buffer.
  socket.on('message', (data: Buffer) => socket.send(answer(data)));
});

const stop = () => {
  for (const client of wss.clients) client.terminate();
  wss.close();
  http.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

http.on('error', (error) => {
  console.error('echo-server failed to start:', error);
  process.exit(1);
});
http.listen(port, host, () => console.log(`echo-server listening on ws://${host}:${port}`));
