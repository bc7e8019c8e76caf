import {
  createEmailTemplateBody,
  emailTemplate,
  emailTemplateParams,
  errorBody,
  ok,
  putEmailTemplateBody,
  queuedEmail,
  sendTestEmailBody,
  templatesMetadata,
} from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as templates from './email-templates.service';

const tags = ['Email templates'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** SPEC 7: email template management. */
export const emailTemplateRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const templateCtx = (request: Parameters<typeof authOf>[0]) => ({ ...ctx, userId: authOf(request).user.id });

  app.get(
    '/templates',
    { schema: { tags, summary: "The built-in templates and the caller's own", response: { 200: templatesMetadata, ...errors } } },
    (request) => templates.listTemplates(templateCtx(request)),
  );

  app.post(
    '/templates',
    {
      schema: {
        tags,
        summary: 'Save a new template, or a first version of a built-in one; unknown placeholders are reported',
        body: createEmailTemplateBody,
        response: { 201: emailTemplate, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.createTemplate(templateCtx(request), request.body)),
  );

  app.get(
    '/templates/:name',
    {
      schema: {
        tags,
        summary: 'One template as the caller has it',
        params: emailTemplateParams,
        response: { 200: emailTemplate, ...errors },
      },
    },
    (request) => templates.getTemplate(templateCtx(request), request.params.name),
  );

  app.put(
    '/templates/:name',
    {
      schema: {
        tags,
        summary: "Save the caller's version of a template; unknown placeholders are reported",
        params: emailTemplateParams,
        body: putEmailTemplateBody,
        response: { 200: emailTemplate, ...errors },
      },
    },
    (request) => templates.updateTemplate(templateCtx(request), request.params.name, request.body),
  );

  app.delete(
    '/templates/:name',
    {
      schema: {
        tags,
        summary: "Delete the caller's template, or return a built-in one to its default",
        params: emailTemplateParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await templates.deleteTemplate(templateCtx(request), request.params.name);
      return { ok: true as const };
    },
  );

  app.post(
    '/templates/:name/test',
    {
      schema: {
        tags,
        summary: 'Queue the template, rendered with the data over its sample data, to one address',
        params: emailTemplateParams,
        body: sendTestEmailBody,
        response: { 202: queuedEmail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ id: await templates.sendTestEmail(templateCtx(request), request.params.name, request.body), status: 'queued' as const }),
  );
};
