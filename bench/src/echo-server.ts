/**
 * The baseline of the live-session benchmarks: a bare `ws` WebSocketServer, no framework, no
 * database. Like the product's /learn/socket it greets each socket with the product's own first
 * message (GREETING_FILE, sent as it is: `{type:'snapshot', version:1, snapshot}`), answers
 * {type:'ping'} with {type:'pong', version}, and answers every event with
 * `{"type":"result","requestId":…,"ok":true,"version":N,"delta":…}` whose delta is fixed bytes: one
 * of the product's own result deltas, of the typical size (DELTA_FILE). Each message is parsed, as
 * the product must, to read its requestId. What Node and `ws` cost on their own.
 *
 * POST /broadcast with a JSON list of messages sends each, as it is, to every socket, in order,
 * and answers `{"sockets":N}` once they are all handed to the sockets: the floor of a Start or a
 * Stop that tells every learner at once.
 *
 * Env: PORT, HOST (default 127.0.0.1), GREETING_FILE, DELTA_FILE. GET /healthz answers 200.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
// Kept as text and spliced in: the bytes are the product's, not re-serialised.
const greeting = readFileSync(required('GREETING_FILE'), 'utf8').trim();
const delta = readFileSync(required('DELTA_FILE'), 'utf8').trim();

const broadcast = (request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let messages: unknown;
    try {
      messages = JSON.parse(Buffer.concat(chunks).toString());
    } catch {
      messages = undefined;
    }
    if (!Array.isArray(messages) || !messages.every((message) => typeof message === 'string')) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('a JSON list of messages (strings) is required');
      return;
    }
    for (const message of messages) for (const client of wss.clients) client.send(message);
    response.writeHead(200, { 'content-type': 'application/json' }).end(`{"sockets":${wss.clients.size}}`);
  });
};

const http = createServer((request, response) => {
  if (request.url === '/healthz') response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  else if (request.url === '/broadcast' && request.method === 'POST') broadcast(request, response);
  else response.writeHead(404).end();
});

// The product's limit; compression off, as the product's (@fastify/websocket's default).
const wss = new WebSocketServer({ server: http, maxPayload: 64 * 1024, perMessageDeflate: false });

/** What a socket was last sent: the product numbers each change it sends, and a pong names the last. */
type Sent = { version: number };

const answer = (data: Buffer, sent: Sent): string => {
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return JSON.stringify({ type: 'error', code: 'bad_request', message: 'Messages must be JSON' });
  }
  const { type, requestId } = (message ?? {}) as { type?: unknown; requestId?: unknown };
  if (type === 'ping') return `{"type":"pong","version":${sent.version}}`;
  if (type !== 'event' || typeof requestId !== 'string')
    return JSON.stringify({ type: 'error', code: 'bad_request', message: 'Not an event' });
  sent.version += 1;
  return `{"type":"result","requestId":${JSON.stringify(requestId)},"ok":true,"version":${sent.version},"delta":${delta}}`;
};

wss.on('connection', (socket) => {
  // The greeting was the socket's first version; each result is its next.
  const sent: Sent = { version: 1 };
  socket.send(greeting);
  // binaryType is 'nodebuffer' (the default): every message is one Buffer.
  socket.on('message', (data: Buffer) => socket.send(answer(data, sent)));
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
