import { z } from 'zod';
import { applyContentPatch, type ContentPatch } from './content-patch';
import { scenarioContent, scenarioPartNames, type ScenarioContent } from './schema';

/**
 * Version history in an export file, when the author asks for it: each scenario's versions
 * oldest first, the first whole and each later one as the patch from the one before (or whole),
 * with who saved it, when, its name and the revision it restored. Kept apart from `readExport`,
 * which the console reads files with, so that reading carries no history code there.
 */
export type ExportedVersion = {
  readonly revision: number;
  readonly savedAt: string;
  readonly author: string;
  readonly name: string | null;
  readonly restoredFrom: number | null;
  readonly content?: ScenarioContent;
  readonly patch?: ContentPatch;
};

export type ImportedVersion = Omit<ExportedVersion, 'content' | 'patch'> & { readonly content: ScenarioContent };

const ids = z.array(z.string().max(64));
const contentPatch = z.object({
  set: z.record(z.string(), z.unknown()).optional(),
  unset: z.array(z.string()).optional(),
  parts: z
    .partialRecord(
      z.enum(scenarioPartNames),
      z.object({ put: z.record(z.string(), z.unknown()).optional(), remove: ids.optional(), order: ids.optional() }),
    )
    .optional(),
});

const exportedVersion = z.object({
  revision: z.number().int().min(0),
  savedAt: z.string().max(40),
  author: z.string().max(320),
  name: z.string().max(100).nullable().default(null),
  restoredFrom: z.number().int().min(0).nullable().default(null),
  content: z.unknown().optional(),
  patch: contentPatch.optional(),
});

const histories = z.object({ histories: z.array(z.array(exportedVersion).nullable()).optional() });

export type HistoriesRead =
  | { readonly ok: true; readonly histories: readonly (readonly ImportedVersion[] | null)[] }
  | { readonly ok: false; readonly problems: string[] };

/** Each issue with where it is, written as `readExport` writes paths: `histories[0][1].actions[0].name`. */
const problemsOf = (error: z.ZodError, prefix: string) =>
  error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
      prefix,
    );
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });

/** One scenario's versions rebuilt whole, or the problems that stop it: revisions one after another, each valid content. */
const rebuild = (versions: readonly z.infer<typeof exportedVersion>[], at: string): { built: ImportedVersion[]; problems: string[] } => {
  const built: ImportedVersion[] = [];
  const problems: string[] = [];
  versions.forEach((version, index) => {
    if (problems.length > 0) return;
    const where = `${at}[${index}]`;
    const previous = built.at(-1);
    if (previous && version.revision !== previous.revision + 1) {
      problems.push(`${where}.revision: must be ${previous.revision + 1}, the revision after the one before`);
      return;
    }
    const whole = version.content ?? (previous && version.patch ? applyContentPatch(previous.content, version.patch) : undefined);
    if (whole === undefined) {
      problems.push(
        `${where}: ${index === 0 ? 'the first version must give its content' : 'a version must give its content or its patch'}`,
      );
      return;
    }
    const content = scenarioContent.safeParse(whole);
    if (!content.success) problems.push(...problemsOf(content.error, where));
    else
      built.push({
        revision: version.revision,
        savedAt: version.savedAt,
        author: version.author,
        name: version.name,
        restoredFrom: version.restoredFrom,
        content: content.data,
      });
  });
  return { built, problems };
};

/** The histories of an export file, one per scenario (null: none), or every problem with where it is. */
export const readExportHistories = (value: unknown, scenarioCount: number): HistoriesRead => {
  const file = histories.safeParse(value);
  if (!file.success) return { ok: false, problems: problemsOf(file.error, '') };
  const lists = file.data.histories;
  if (lists === undefined) return { ok: true, histories: Array.from({ length: scenarioCount }, () => null) };
  if (lists.length !== scenarioCount) return { ok: false, problems: [`histories: must hold one entry per scenario (${scenarioCount})`] };
  const problems: string[] = [];
  const read = lists.map((versions, index) => {
    if (versions === null || versions.length === 0) return null;
    const result = rebuild(versions, `histories[${index}]`);
    problems.push(...result.problems);
    return result.built;
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, histories: read };
};
