import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * Lets go of what routing a WebSocket upgrade through Fastify left on a socket that is now served.
 * @fastify/websocket assigns the upgrade a ServerResponse (which its reply's listeners hold, with
 * the request, its headers and its logger) and keeps request and reply in the socket's error
 * listener: ≈ 2 KB a socket for as long as it stays open, which for a session of thousands of
 * learners is old memory every major collection goes through. The error listener put in its place
 * logs the error and drops the socket, as the plugin's did.
 */
export const letUpgradeGo = (socket: WebSocket, request: FastifyRequest): void => {
  // The server's logger, not the request's child, which would keep the request's bindings.
  const { log } = request.server;
  socket.removeAllListeners('error');
  socket.on('error', (error) => {
    log.warn({ err: error }, 'a WebSocket failed');
    socket.terminate();
  });
  // Node's http server sets no response on an upgraded socket; the plugin's is undone with the
  // response's own counterpart of assignSocket.
  const raw = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  const response = raw._httpMessage;
  if (response && response.socket === raw) response.detachSocket(raw);
};
