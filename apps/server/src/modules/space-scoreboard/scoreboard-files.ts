import { PassThrough, type Readable } from 'node:stream';
import type { ScoreboardScenario, SpaceScoreboard } from '@resim/contracts';
import { toCsv, type CsvCell } from '../../lib/csv';

/** A scoreboard as one table: what the CSV and the XLSX both hold. */
export type ScoreboardTable = { readonly title: string; readonly header: string[]; readonly rows: CsvCell[][] };

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));

/** The rows of each mode; a scenario's score column is headed by what it scores. */
export const scoreboardTable = (board: SpaceScoreboard): ScoreboardTable => {
  const scenarioOf = new Map<string, ScoreboardScenario>(board.scenarios.map((scenario) => [scenario.id, scenario]));
  const named = (id: string) => scenarioOf.get(id)!;
  switch (board.mode) {
    case 'learner':
      return {
        title: 'By learner',
        header: ['learner', ...board.scenarios.map((scenario) => `${scenario.resimName} (${scenario.scoreLabel})`)],
        rows: board.learners.map((learner) => [
          learner.email,
          ...board.scenarios.map((scenario) => learner.results[scenario.id]?.score ?? null),
        ]),
      };
    case 'scenario':
      return {
        title: 'By scenario',
        header: ['scenario', 'measure', 'rank', 'learner', 'score', 'points', 'duration_seconds', 'runs', 'finished'],
        rows: board.rows.map((row) => [
          named(row.resimId).resimName,
          named(row.resimId).scoreLabel,
          row.rank,
          row.email,
          row.score,
          row.points,
          seconds(row.durationMs),
          row.runs,
          row.finished,
        ]),
      };
    case 'opening': {
      const openedAt = new Map(board.scenarios.flatMap((scenario) => scenario.openings.map((opening) => [opening.id, opening.created])));
      return {
        title: 'By opening',
        header: [
          'scenario',
          'opening',
          'measure',
          'rank',
          'nickname',
          'email',
          'score',
          'points',
          'duration_seconds',
          'started',
          'ended',
          'end_reason',
        ],
        rows: board.rows.map((row) => [
          named(row.resimId).resimName,
          openedAt.get(row.instanceId) ?? row.instanceId,
          named(row.resimId).scoreLabel,
          row.rank,
          row.nickname,
          row.email,
          row.score,
          row.points,
          seconds(row.durationMs),
          row.startedAt,
          row.endedAt,
          row.endReason,
        ]),
      };
    }
  }
};

export const scoreboardCsv = (table: ScoreboardTable): string => toCsv(table.header, table.rows);

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The table as an XLSX workbook, written row by row into the stream returned (exceljs's streaming
 * writer keeps one row at a time rather than the whole sheet); header row bold and frozen.
 */
export const scoreboardXlsx = (table: ScoreboardTable): Readable => {
  const stream = new PassThrough();
  const write = async () => {
    // Loaded on the first export, not at start: ≈ 8 MB of heap a process would otherwise carry.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
    const header = sheet.addRow(table.header);
    header.font = { bold: true };
    header.commit();
    for (const row of table.rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
};
