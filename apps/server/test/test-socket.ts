import WebSocket from 'ws';

export type ServerMessage = { type: string; [key: string]: unknown };

/** A learner's socket that keeps what the server pushed, to wait for a kind of message. */
export const openSocket = async (url: string) => {
  const socket = new WebSocket(url);
  const received: ServerMessage[] = [];
  const waiters: { test: (message: ServerMessage) => boolean; resolve: (message: ServerMessage) => void }[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (test: (message: ServerMessage) => boolean, what: string) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const seen = received.find(test);
      if (seen) {
        received.splice(received.indexOf(seen), 1);
        resolve(seen);
        return;
      }
      const timer = setTimeout(() => reject(new Error(`no ${what} within 5 s; received ${JSON.stringify(received)}`)), 5000);
      waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          received.splice(received.indexOf(message), 1);
          resolve(message);
        },
      });
    });
  return { socket, next, close: () => socket.close() };
};
