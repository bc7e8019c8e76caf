import { findBuiltInTemplate, type BuiltInTemplate, type EmailTemplateParts } from '@resim/domain/email';
import type { Database } from '../../db/database';
import type { EmailTemplateRow } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import { findOwnTemplate } from './email-templates.repository';

/** The template a user sends under a name: their own version, else the built-in default. */
export type TemplateSource = {
  readonly name: string;
  readonly parts: EmailTemplateParts;
  readonly own: EmailTemplateRow | undefined;
  readonly builtIn: BuiltInTemplate | undefined;
};

export const findTemplateSource = async (db: Database, ownerId: string | null, name: string): Promise<TemplateSource> => {
  const own = ownerId === null ? undefined : await findOwnTemplate(db, ownerId, name);
  const builtIn = findBuiltInTemplate(name);
  const parts = own ?? builtIn;
  if (!parts) throw notFound('Email template');
  return { name, parts: { subject: parts.subject, content: parts.content, text: parts.text }, own, builtIn };
};
