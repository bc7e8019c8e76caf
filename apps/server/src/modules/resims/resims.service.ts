import {
  checkingScenario,
  exportScenarios,
  mayChangeStatus,
  mayEditInSpace,
  moveRefusal,
  newScenarioMode,
  newScenarioName,
  pendingStatus,
  readExport,
  RunStatus,
  readExportHistories,
  scenarioErrors,
  runReadingOf,
  runStatusName,
  scenarioContent,
  statusCommands,
  scenarioPartNames,
  scenarioProblems,
  priorities,
  type ExportFile,
  type ImportedVersion,
  type Priority,
  type Scenario,
  type ScenarioCheck,
  type ScenarioContent,
} from '@resim/domain';
import type { PatchResimBody, ResimSummary, ScheduleEntry } from '@resim/contracts';
import type { ResimRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { newJoinCode } from '../../lib/join-code';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { finishInSlices } from '../../lib/slices';
import { getAccessibleSpace, listSpaces, type SpaceContext } from '../spaces/spaces.service';
import { findScenarioTemplate } from '../templates/scenario-templates';
import { exportedHistory, recordVersion } from '../resim-history/version-store';
import * as repo from './resims.repository';

export const toResimSummary = (row: ResimRow): ResimSummary => ({
  id: row.id,
  resimName: row.name,
  description: row.description,
  group: row.space_id,
  resimStatus: row.status,
  templateId: row.template_id,
  created: row.created_at,
  priority: priorities.includes(row.priority as Priority) ? (row.priority as Priority) : null,
});

/** The stored document read through the schema, so fields added since it was written get their defaults. */
const contentFrom = (stored: unknown, row: ResimRow): ScenarioContent => {
  const parsed = scenarioContent.safeParse(stored);
  return parsed.success ? parsed.data : scenarioContent.parse({ resimName: row.name, description: row.description });
};
const contentOf = (row: ResimRow): ScenarioContent => contentFrom(readJson(row.document, {}), row);

// The document is parsed once: a large scenario is half a megabyte of JSON.
export const toScenario = (row: ResimRow): Scenario => {
  const stored = readJson<{ instances?: Scenario['instances'] }>(row.document, {});
  return {
    ...contentFrom(stored, row),
    id: row.id,
    group: row.space_id,
    resimStatus: row.status,
    created: row.created_at,
    revision: row.revision,
    code: row.code ?? '',
    instances: stored.instances ?? [],
  };
};

/** SPEC 7: GET /admin/resim lists the scenarios of every space the caller is in. */
export const listResims = async (ctx: SpaceContext): Promise<ResimSummary[]> => {
  const spaces = await listSpaces(ctx);
  return (
    await repo.findResimsInSpaces(
      ctx.db,
      spaces.map((s) => s.id),
    )
  ).map(toResimSummary);
};

/** GET /admin/schedule: every window and opening in the caller's spaces, for the Schedule page. */
export const listSchedule = async (ctx: SpaceContext): Promise<ScheduleEntry[]> => {
  const spaces = await listSpaces(ctx);
  const rows = await repo.findResimsInSpaces(
    ctx.db,
    spaces.map((s) => s.id),
  );
  return rows.map((row) => {
    const scenario = toScenario(row);
    return {
      id: scenario.id,
      resimName: scenario.resimName,
      group: scenario.group,
      resimStatus: scenario.resimStatus,
      revision: scenario.revision,
      scheduleStart: scenario.scheduleStart,
      scheduleEnd: scenario.scheduleEnd,
      openings: scenario.instances.map((instance) => ({ id: instance.id, created: instance.created })),
    };
  });
};

/** A scenario the caller may see: one in a space they are not in does not exist for them. */
export const getAccessibleResim = async (ctx: SpaceContext, id: string) => {
  const row = await repo.findResimById(ctx.db, id);
  if (!row) throw notFound('Scenario');
  try {
    return { row, access: await getAccessibleSpace(ctx, row.space_id) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw notFound('Scenario');
    throw error;
  }
};

export const getResim = async (ctx: SpaceContext, id: string): Promise<Scenario> => toScenario((await getAccessibleResim(ctx, id)).row);

/**
 * The scenario checker's findings on the scenario as saved, for whoever may read it: worked out a
 * slice at a time, as its search of runs holds the event loop for 50–100 ms on a large scenario.
 */
export const checkResim = async (ctx: SpaceContext, id: string): Promise<ScenarioCheck> =>
  finishInSlices(checkingScenario(contentOf((await getAccessibleResim(ctx, id)).row)));

/** Errors listed in a refusal at most; the check route lists them all. */
const errorsNamed = 5;

/**
 * A scenario opens to learners (a lobby, or a self-paced scenario activated) only when the
 * scenario checker finds no error: each is something no learner could get past.
 */
const refuseOpeningWithErrors = (content: ScenarioContent): void => {
  // The errors alone: the search of runs behind the warnings and figures held the event loop for
  // a tenth of a second at every lobby, Start and activation of a scenario of 100 tests.
  const errors = scenarioErrors(content);
  if (errors.length === 0) return;
  const named = errors.slice(0, errorsNamed).map((error) => error.message);
  const more = errors.length > errorsNamed ? ` (and ${errors.length - errorsNamed} more)` : '';
  throw conflict(`The scenario cannot open to learners while the checker finds errors${more}: ${named.join(' ')}`, {
    checkerErrors: errors.length,
  });
};

const opensToLearners: readonly number[] = [RunStatus.Waiting, RunStatus.Running];

const serialise = (content: ScenarioContent, instances: Scenario['instances']) => JSON.stringify({ ...content, instances });

const unusedJoinCode = async (db: SpaceContext['db']): Promise<string> => {
  for (;;) {
    const code = newJoinCode();
    if (!(await repo.findResimByCode(db, code))) return code;
  }
};

/** Who a version's history names as its author. */
const authorOf = (ctx: SpaceContext) => ({ authorId: ctx.principal.userId, author: ctx.principal.name ?? ctx.principal.email });

/**
 * A new scenario and its first version; an imported one keeps the history it came with (under
 * its revisions, authors and names), its content a version after the last when they differ.
 */
const insertScenario = async (
  ctx: SpaceContext,
  spaceId: string,
  content: ScenarioContent,
  history: readonly ImportedVersion[] | null = null,
): Promise<Scenario> => {
  const problems = scenarioProblems(content);
  if (problems.length > 0) throw badRequest(problems.join('; '));
  const now = iso(ctx.clock);
  const row: ResimRow = {
    id: newId(),
    space_id: spaceId,
    name: content.resimName,
    description: content.description,
    status: 0,
    template_id: content.templateId,
    document: serialise(content, []),
    revision: 0,
    code: await unusedJoinCode(ctx.db),
    priority: content.priority,
    created_at: now,
    updated_at: now,
  };
  const last = history?.at(-1);
  if (last) row.revision = JSON.stringify(last.content) === JSON.stringify(content) ? last.revision : last.revision + 1;
  const write = async (db: SpaceContext['db']) => {
    await repo.insertResim(db, row);
    let before: { content: ScenarioContent; savedAt: string } | undefined;
    for (const version of history ?? []) {
      await recordVersion(db, {
        resimId: row.id,
        revision: version.revision,
        before,
        after: version.content,
        authorId: null,
        author: version.author,
        savedAt: version.savedAt,
        name: version.name,
        ...(version.restoredFrom === null ? {} : { restoredFrom: version.restoredFrom }),
      });
      before = { content: version.content, savedAt: version.savedAt };
    }
    if (!last || row.revision !== last.revision)
      await recordVersion(db, { resimId: row.id, revision: row.revision, before, after: content, ...authorOf(ctx), savedAt: now });
  };
  // An import writes its scenarios in one transaction of its own.
  await (ctx.db.isTransaction ? write(ctx.db) : ctx.db.transaction().execute(write));
  return toScenario(row);
};

/**
 * SPEC 3, 7: a new scenario in a space the caller may edit, under the name given, or else
 * 'New Simulation (Unfinished)' (the template's own name for one made from a template).
 */
export const createResim = async (
  ctx: SpaceContext,
  spaceId: string,
  templateId: string | undefined,
  resimName?: string,
): Promise<Scenario> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
  const named = resimName ? { resimName } : {};
  if (templateId === undefined)
    // A new scenario lets anyone with the code in, as a room of learners expects; stored ones keep their choice.
    return insertScenario(
      ctx,
      spaceId,
      scenarioContent.parse({ resimName: newScenarioName, mode: newScenarioMode, allowAnonymous: true, ...named }),
    );
  const template = findScenarioTemplate(templateId);
  if (!template) throw badRequest(`templateId: no scenario template "${templateId}"`);
  return insertScenario(ctx, spaceId, { ...template.build(), ...named });
};

const notInitialized = 'The scenario can be edited only while it is Initialized (status 0)';

/**
 * SPEC 7: PATCH carries only the changed parts, each replacing that part whole. A save names
 * the revision it started from; if another save came first it gets 409 with the current version.
 * The history keeps what the save changed in the same transaction (`restoredFrom`: the revision
 * it brings back).
 */
export const patchResim = async (
  ctx: SpaceContext,
  id: string,
  body: PatchResimBody,
  ifMatch: number | undefined,
  restoredFrom?: number,
): Promise<Scenario> => {
  const { row, access } = await getAccessibleResim(ctx, id);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
  if (row.status !== 0) throw conflict(notInitialized, { current: toScenario(row) });
  const expected = body.revision ?? ifMatch ?? row.revision;
  if (expected !== row.revision) {
    throw conflict('The scenario was changed by someone else since you opened it', { current: toScenario(row) });
  }
  const current = contentOf(row);
  const merged: Record<string, unknown> = { ...current, ...body.details };
  for (const part of scenarioPartNames) if (body[part] !== undefined) merged[part] = body[part];
  const parsed = scenarioContent.safeParse(merged);
  if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  const problems = scenarioProblems(parsed.data);
  if (problems.length > 0) throw badRequest(problems.join('; '));
  const savedAt = iso(ctx.clock);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateResimDocument(trx, {
      id,
      expected,
      document: serialise(parsed.data, toScenario(row).instances),
      name: parsed.data.resimName,
      description: parsed.data.description,
      priority: parsed.data.priority,
      updatedAt: savedAt,
    });
    if (updated) {
      await recordVersion(trx, {
        resimId: id,
        revision: expected + 1,
        before: { content: current, savedAt: row.updated_at },
        after: parsed.data,
        ...authorOf(ctx),
        savedAt,
        ...(restoredFrom === undefined ? {} : { restoredFrom }),
      });
    }
    return updated;
  });
  if (!saved) {
    const now = await repo.findResimById(ctx.db, id);
    if (now && now.status !== 0) throw conflict(notInitialized, { current: toScenario(now) });
    throw conflict('The scenario was changed by someone else since you opened it', now ? { current: toScenario(now) } : undefined);
  }
  return toScenario((await repo.findResimById(ctx.db, id))!);
};

export const deleteResim = async (ctx: SpaceContext, id: string): Promise<void> => {
  const { access } = await getAccessibleResim(ctx, id);
  if (!access.isOwner && !access.security.canDelete) throw forbidden('This space does not allow deleting scenarios; ask its owner');
  await repo.deleteResimRow(ctx.db, id);
};

export const cloneResim = async (ctx: SpaceContext, id: string): Promise<Scenario> => {
  const { row, access } = await getAccessibleResim(ctx, id);
  if (!access.isOwner && !access.security.canClone) throw forbidden('This space does not allow cloning scenarios; ask its owner');
  const content = contentOf(row);
  return insertScenario(ctx, row.space_id, { ...content, resimName: `${content.resimName} (copy)`.slice(0, 200) });
};

/**
 * Moves a scenario to another space of the caller's (PUT /admin/resim/{id}/space): allowed by
 * `moveRefusal` (canMove of the space it leaves, edit rights in the one it enters). Its content,
 * runs and join code go with it; its allocations stay with the learners of the space it leaves.
 */
export const moveResim = async (ctx: SpaceContext, id: string, spaceId: string): Promise<Scenario> => {
  const { row, access: from } = await getAccessibleResim(ctx, id);
  if (row.space_id === spaceId) throw badRequest('spaceId: the scenario is already in this space');
  const to = await getAccessibleSpace(ctx, spaceId);
  const refusal = moveRefusal(from, to);
  if (refusal) throw forbidden(refusal);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateResimSpace(trx, { id, from: row.space_id, to: spaceId, updatedAt: iso(ctx.clock) }))) {
      throw conflict('The scenario was moved by someone else; reload it');
    }
    await repo.deleteAllocationsOfResim(trx, row.space_id, id);
  });
  return toScenario((await repo.findResimById(ctx.db, id))!);
};

/** Scenarios as a file import reads back; with `history`, each scenario's versions too. */
export const exportResims = async (ctx: SpaceContext, ids: readonly string[], history = false): Promise<ExportFile> => {
  const rows = [];
  for (const id of ids) rows.push((await getAccessibleResim(ctx, id)).row);
  const file = exportScenarios(rows.map(contentOf), ctx.clock.now());
  if (!history) return file;
  const histories = [];
  for (const row of rows) histories.push(await exportedHistory(ctx.db, row.id));
  return { ...file, histories };
};

/** An export file's scenarios and their histories, read and checked, with every problem named. */
export type ReadImport = { readonly scenarios: ScenarioContent[]; readonly histories: readonly (readonly ImportedVersion[] | null)[] };

/** Reads an export file as import takes it: valid content, and readable histories when there are any. */
export const readImportFile = (file: unknown): ReadImport => {
  const read = readExport(file);
  if (!read.ok) throw badRequest(`The file is not a scenario export: ${read.problems.join('; ')}`);
  const histories = readExportHistories(file, read.scenarios.length);
  if (!histories.ok) throw badRequest(`The file's version history cannot be read: ${histories.problems.join('; ')}`);
  const problems = read.scenarios.flatMap((content, index) => scenarioProblems(content).map((problem) => `scenarios[${index}].${problem}`));
  if (problems.length > 0) throw badRequest(problems.join('; '));
  return { scenarios: read.scenarios, histories: histories.histories };
};

/** The space an import goes into, when the caller may add scenarios to it. */
export const checkImportSpace = async (ctx: SpaceContext, spaceId: string): Promise<void> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
};

/** Scenarios read for import added to a space, all or none. */
export const insertImported = (ctx: SpaceContext, spaceId: string, read: ReadImport): Promise<Scenario[]> =>
  ctx.db.transaction().execute(async (trx) => {
    const created: Scenario[] = [];
    for (const [index, content] of read.scenarios.entries())
      created.push(await insertScenario({ ...ctx, db: trx }, spaceId, content, read.histories[index] ?? null));
    return created;
  });

/** An exported file read back into a space: equal scenarios under new scenario ids. */
export const importResims = async (ctx: SpaceContext, spaceId: string, file: unknown): Promise<Scenario[]> => {
  await checkImportSpace(ctx, spaceId);
  return insertImported(ctx, spaceId, readImportFile(file));
};

/**
 * SPEC 4 run status, in the reading of the scenario's mode: a Realtime scenario opens a lobby,
 * starts and stops (reading A); a self-paced one is activated and closed (reading B). The
 * scenario shows status 6 while the change is applied; a second change meanwhile gets 409.
 */
export const controlResim = async (ctx: SpaceContext, id: string, status: number): Promise<Scenario> => {
  const { row } = await getAccessibleResim(ctx, id);
  if (row.status === pendingStatus) throw conflict('A status change is being applied; try again in a moment');
  const reading = runReadingOf(contentOf(row).mode);
  if (!mayChangeStatus(row.status, status, reading)) {
    const allowed = statusCommands(row.status, reading).map((command) => `${command.next} (${command.label})`);
    throw badRequest(
      `A ${reading} scenario that is ${runStatusName(row.status, reading)} (${row.status}) cannot change to ${status}; allowed: ${allowed.join(', ') || 'none'}`,
    );
  }
  if (opensToLearners.includes(status)) refuseOpeningWithErrors(contentOf(row));
  if (!(await repo.updateResimStatus(ctx.db, { id, from: row.status, to: pendingStatus, updatedAt: iso(ctx.clock) }))) {
    throw conflict('The status was changed by someone else; reload the scenario');
  }
  // Opening the lobby or activating starts a new instance: the learners' runs of that opening,
  // which records the revision it runs so that results and cohorts can be compared by version.
  // Read again under the pending status, which no save can pass, so nothing saved is overwritten.
  const opensInstance = row.status === 0 && (status === 1 || status === 2);
  try {
    const pending = (await repo.findResimById(ctx.db, id))!;
    const document = opensInstance
      ? JSON.stringify({
          ...readJson<Record<string, unknown>>(pending.document, {}),
          instances: [...toScenario(pending).instances, { id: newId(), created: iso(ctx.clock), revision: pending.revision }],
        })
      : undefined;
    await repo.updateResimStatus(ctx.db, { id, from: pendingStatus, to: status, updatedAt: iso(ctx.clock), document });
  } catch (error) {
    await repo.updateResimStatus(ctx.db, { id, from: pendingStatus, to: row.status, updatedAt: iso(ctx.clock) });
    throw error;
  }
  return toScenario((await repo.findResimById(ctx.db, id))!);
};
