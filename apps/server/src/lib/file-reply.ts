import type { FastifyReply } from 'fastify';

/**
 * A file sent as a download under its name. The reply is typed by the route's response schema,
 * which describes a file as text: the buffer or stream is the file's bytes, past the serializer.
 */
export const sendFile = (reply: FastifyReply, type: string, name: string, body: Buffer | NodeJS.ReadableStream): FastifyReply =>
  reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);
