import {
  errorBody,
  imageUploadBody,
  ok,
  storedFile,
  uploadAbortParams,
  uploadAbortQuery,
  uploadCompleteBody,
  uploadPart,
  uploadPartQuery,
  uploadStart,
  uploadStartQuery,
} from '@resim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { abortUpload, completeUpload, partAddress, startUpload, uploadImage, type UploadContext } from './uploads.service';

const tags = ['Uploads'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 415: errorBody };

/** The JSON body of POST /admin/image: the image in base64 (4 characters for 3 bytes) and a little more. */
export const imageBodyLimit = (imageMaxBytes: number): number => Math.ceil(imageMaxBytes / 3) * 4 + 64 * 1024;

/** SPEC 7 chunked uploads and small images, for signed-in console users (authenticated scope). */
export const uploadRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const counted = <T extends { size: number }>(stored: T): T => {
    ctx.metrics.uploadBytes.inc(stored.size);
    return stored;
  };
  const uploadCtx = (request: FastifyRequest): UploadContext => ({
    db: ctx.db,
    clock: ctx.clock,
    files: ctx.files,
    storage: ctx.config.storage,
    principal: authOf(request).principal,
  });

  app.get(
    '/uploads/start',
    {
      schema: {
        tags,
        summary: 'Start a chunked upload of a file; its content must bear out its type',
        querystring: uploadStartQuery,
        response: { 200: uploadStart, ...errors },
      },
    },
    (request) => startUpload(uploadCtx(request), request.query),
  );

  app.get(
    '/uploads/parts',
    {
      schema: {
        tags,
        summary: "A part's signed, expiring address: PUT the chunk there and keep the answer's ETag header",
        querystring: uploadPartQuery,
        response: { 200: uploadPart, ...errors },
      },
    },
    (request) => partAddress(uploadCtx(request), request.query),
  );

  app.post(
    '/uploads/complete',
    {
      schema: {
        tags,
        summary: 'Join the parts into the file, numbered 1, 2, 3… with their ETags',
        body: uploadCompleteBody,
        response: { 200: storedFile, ...errors },
      },
    },
    async (request) => counted(await completeUpload(uploadCtx(request), request.body)),
  );

  app.delete(
    '/uploads/:uploadId',
    {
      schema: {
        tags,
        summary: 'Abort an upload, dropping the parts sent',
        params: uploadAbortParams,
        querystring: uploadAbortQuery,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await abortUpload(uploadCtx(request), request.params.uploadId, request.query.key);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/image',
    {
      bodyLimit: imageBodyLimit(ctx.config.storage.imageMaxBytes),
      schema: {
        tags,
        summary: 'Store a small image sent whole, in base64',
        body: imageUploadBody,
        response: { 201: storedFile, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(counted(await uploadImage(uploadCtx(request), request.body))),
  );
};
