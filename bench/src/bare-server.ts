/**
 * The baseline: a bare Fastify process with one route that answers GET /admin/space with
 * fixed bytes (the product's own response, read from BODY_FILE) and the same content-type.
 * No plugins, no logger, no auth: what Node and Fastify cost on their own.
 *
 * Env: PORT, HOST (default 127.0.0.1), BODY_FILE, CONTENT_TYPE.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    console.error(`bare-server: ${name} is required`);
    process.exit(2);
  }
  return value;
};

const port = Number(required('PORT'));
const host = process.env.HOST ?? '127.0.0.1';
const body = readFileSync(required('BODY_FILE'));
const contentType = required('CONTENT_TYPE');

const app = Fastify();
app.get('/admin/space', (_request, reply) => reply.header('content-type', contentType).send(body));

const stop = () => {
  void app.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

app.listen({ port, host }).then(
  (address) => console.log(`bare-server listening on ${address}`),
  (error: unknown) => {
    console.error('bare-server failed to start:', error);
    process.exit(1);
  },
);
