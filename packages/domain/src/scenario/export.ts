import { z } from 'zod';
import type { ExportedVersion } from './export-history';
import type { DeepReadonly } from './readonly-content';
import { scenarioContent, type ScenarioContent } from './schema';

export const exportFormat = 'resim-export';
export const exportVersion = 1;

/** A file of exported scenarios: their content only, never ids, spaces, status or learners' runs. */
export type ExportFile = {
  readonly format: typeof exportFormat;
  readonly version: typeof exportVersion;
  /** ISO 8601 time of the export */
  readonly exported: string;
  readonly scenarios: ScenarioContent[];
  /** each scenario's version history, when asked for (`export-history.ts`) */
  readonly histories?: (ExportedVersion[] | null)[];
};

export type ExportRead = { readonly ok: true; readonly scenarios: ScenarioContent[] } | { readonly ok: false; readonly problems: string[] };

const contentKeys = Object.keys(scenarioContent.shape) as (keyof ScenarioContent)[];

// A stored scenario carries more than its content (id, space, revision, instances); only the content travels.
const contentOnly = (content: DeepReadonly<ScenarioContent>): ScenarioContent =>
  Object.fromEntries(contentKeys.map((key) => [key, content[key]])) as ScenarioContent;

/** Export of scenarios: a self-describing file that readExport reads back into equal content. */
export const exportScenarios = (contents: readonly DeepReadonly<ScenarioContent>[], now: Date): ExportFile => ({
  format: exportFormat,
  version: exportVersion,
  exported: now.toISOString(),
  scenarios: contents.map(contentOnly),
});

const envelope = z.object({
  format: z.literal(exportFormat, { error: `format must be "${exportFormat}"` }),
  version: z.literal(exportVersion, { error: `version must be ${exportVersion}` }),
  scenarios: z.array(z.unknown(), { error: 'scenarios must be a list' }),
});

const pathOf = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );

const issueMessages = (issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): string[] =>
  issues.map((issue) => {
    const path = pathOf([...prefix, ...issue.path]);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });

/**
 * Reading an export back: the file must be a resim export of version 1 and every scenario must be
 * valid content; otherwise every problem is listed with the path where it is.
 */
export const readExport = (value: unknown): ExportRead => {
  const file = envelope.safeParse(value);
  if (!file.success) return { ok: false, problems: issueMessages(file.error.issues, []) };

  const scenarios: ScenarioContent[] = [];
  const problems: string[] = [];
  file.data.scenarios.forEach((candidate, index) => {
    const read = scenarioContent.safeParse(candidate);
    if (read.success) scenarios.push(read.data);
    else problems.push(...issueMessages(read.error.issues, ['scenarios', index]));
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, scenarios };
};
