import { PassThrough, type Readable } from 'node:stream';
import type { ScoreboardScenario, SpaceScoreboard } from '@resim/contracts';
import { formatMeasureValue, MeasureType, measureUnitName } from '@resim/domain';
import { toCsv, type CsvCell } from '../../lib/csv';

/**
 * What a column holds: the XLSX writes dates as Excel dates and durations as Excel times, each in
 * its format; counts as whole numbers, money with its cents, other numbers whole or to two places.
 */
type ColumnKind = 'text' | 'count' | 'money' | 'number' | 'date' | 'duration';

/**
 * A scoreboard as one table: what the CSV and the XLSX both hold. `header` names the columns for
 * programs (the CSV); `labels` for people (the XLSX's header row), with each column's `kinds`.
 */
export type ScoreboardTable = {
  readonly title: string;
  readonly header: string[];
  readonly labels: string[];
  /** each column's kind, or one per row where the rows' scenarios differ (a score in money beside one in points) */
  readonly kinds: (ColumnKind | readonly ColumnKind[])[];
  readonly rows: CsvCell[][];
};

/** A column: its name for programs, its heading for people, what it holds. */
const column = (header: string, label: string, kind: ColumnKind | readonly ColumnKind[] = 'text') => ({ header, label, kind });

const tableOf = (title: string, columns: readonly ReturnType<typeof column>[], rows: CsvCell[][]): ScoreboardTable => ({
  title,
  header: columns.map((entry) => entry.header),
  labels: columns.map((entry) => entry.label),
  kinds: columns.map((entry) => entry.kind),
  rows,
});

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));

/** How a measure's values are written in the XLSX: money with its cents, any other as a number. */
const measureKind = (type: number): ColumnKind => (type === MeasureType.money ? 'money' : 'number');

/** What a scenario's score is counted in, for a heading: "USD", "minutes"; nothing for a plain number. */
const unitOf = ({ scoreUnits }: ScoreboardScenario): string | null => measureUnitName(scoreUnits.type, scoreUnits);

/**
 * A score counted in money or time as people read it, with its currency or unit (the number beside
 * it stays for programs); a plain number has nothing to add.
 */
const shown = (value: number | null, scenario: ScoreboardScenario) =>
  value === null || unitOf(scenario) === null ? null : formatMeasureValue(scenario.scoreUnits.type, value, scenario.scoreUnits);

/** A column of money or time: its heading, its measures' type, and the measure each scenario fills it with, by scenario id. */
type CostColumn = { readonly heading: string; readonly type: number; readonly measureOf: Map<string, string> };

/**
 * The money and time measures of the space's scenarios, a column for each name and unit
 * ("Cost (USD)", "Waiting (minutes)") in the order the scenarios first name them. Scenarios whose
 * measures read alike share a column; measure ids do not, as "measure1" is a different thing in
 * each scenario. A scenario's second measure of the same name and unit is told apart by its id.
 */
const costColumnsOf = (scenarios: readonly ScoreboardScenario[]): CostColumn[] => {
  const columns = new Map<string, CostColumn>();
  for (const scenario of scenarios)
    for (const measure of scenario.costMeasures) {
      const unit = measureUnitName(measure.type, { currency: scenario.scoreUnits.currency, timeUnit: measure.timeUnit });
      const name = measure.name.trim() || measure.id;
      const unitText = unit === null ? '' : ` (${unit})`;
      const heading = columns.get(`${name}${unitText}`)?.measureOf.has(scenario.id)
        ? `${name} [${measure.id}]${unitText}`
        : `${name}${unitText}`;
      // One heading holds one kind: a currency is never a time unit.
      const entry = columns.get(heading) ?? { heading, type: measure.type, measureOf: new Map<string, string>() };
      entry.measureOf.set(scenario.id, measure.id);
      columns.set(heading, entry);
    }
  return [...columns.values()];
};

/** A run's value in each money and time column; empty where its scenario has no such measure. */
const costCells = (columns: readonly CostColumn[], resimId: string, costs: Readonly<Record<string, number | null>>): CsvCell[] =>
  columns.map((column) => {
    const measure = column.measureOf.get(resimId);
    return measure === undefined ? null : (costs[measure] ?? null);
  });

/**
 * The rows of each mode; a scenario's score column is headed by what it scores. Where a row is one
 * run (by scenario, a learner's best), the money and time measures of the space's scenarios follow,
 * each run's final values.
 */
export const scoreboardTable = (board: SpaceScoreboard): ScoreboardTable => {
  const scenarioOf = new Map<string, ScoreboardScenario>(board.scenarios.map((scenario) => [scenario.id, scenario]));
  const named = (id: string) => scenarioOf.get(id)!;
  const costs = costColumnsOf(board.scenarios);
  const costHeadings = costs.map((cost) => column(cost.heading, cost.heading, measureKind(cost.type)));
  switch (board.mode) {
    case 'learner':
      return tableOf(
        'By learner',
        [
          column('learner', 'Learner'),
          ...board.scenarios.map((scenario) => {
            const unit = unitOf(scenario);
            const heading = `${scenario.resimName} (${scenario.scoreLabel}${unit ? `, ${unit}` : ''})`;
            return column(heading, heading, measureKind(scenario.scoreUnits.type));
          }),
        ],
        board.learners.map((learner) => [learner.email, ...board.scenarios.map((scenario) => learner.results[scenario.id]?.score ?? null)]),
      );
    case 'scenario': {
      const scoreKinds = board.rows.map((row) => measureKind(named(row.resimId).scoreUnits.type));
      return tableOf(
        'By scenario',
        [
          column('scenario', 'Scenario'),
          column('measure', 'Scored by'),
          column('rank', 'Rank', 'count'),
          column('learner', 'Learner'),
          column('score', 'Score', scoreKinds),
          column('score_with_unit', 'Score with its unit'),
          column('points', 'Points', 'number'),
          column('duration_seconds', 'Time taken', 'duration'),
          column('runs', 'Runs', 'count'),
          column('finished', 'Finished runs', 'count'),
          ...costHeadings,
        ],
        board.rows.map((row) => [
          named(row.resimId).resimName,
          named(row.resimId).scoreLabel,
          row.rank,
          row.email,
          row.score,
          shown(row.score, named(row.resimId)),
          row.points,
          seconds(row.durationMs),
          row.runs,
          row.finished,
          ...costCells(costs, row.resimId, row.costs),
        ]),
      );
    }
    case 'opening': {
      const scoreKinds = board.rows.map((row) => measureKind(named(row.resimId).scoreUnits.type));
      const openedAt = new Map(board.scenarios.flatMap((scenario) => scenario.openings.map((opening) => [opening.id, opening.created])));
      return tableOf(
        'By opening',
        [
          column('scenario', 'Scenario'),
          column('opening', 'Opened', 'date'),
          column('measure', 'Scored by'),
          column('rank', 'Rank', 'count'),
          column('nickname', 'Nickname'),
          column('email', 'Email'),
          column('score', 'Score', scoreKinds),
          column('score_with_unit', 'Score with its unit'),
          column('points', 'Points', 'number'),
          column('duration_seconds', 'Time taken', 'duration'),
          column('started', 'Started', 'date'),
          column('ended', 'Ended', 'date'),
          column('end_reason', 'How it ended'),
          column('result', 'Result'),
          column('reason', 'Reason'),
          column('accommodation', 'Accommodation'),
          column('diagnosis', 'Diagnosis'),
          column('answer_key', 'Answer key'),
          ...costHeadings,
        ],
        board.rows.map((row) => [
          named(row.resimId).resimName,
          openedAt.get(row.instanceId) ?? row.instanceId,
          named(row.resimId).scoreLabel,
          row.rank,
          row.nickname,
          row.email,
          row.score,
          shown(row.score, named(row.resimId)),
          row.points,
          seconds(row.durationMs),
          row.startedAt,
          row.endedAt,
          row.endReason,
          row.verdict === null ? null : row.verdict.passed ? 'passed' : 'failed',
          row.verdict?.reasons.join('; ') ?? null,
          row.accommodation ?? null,
          row.diagnosis.join('; '),
          row.answerKey,
          ...costCells(costs, row.resimId, row.costs),
        ]),
      );
    }
  }
};

export const scoreboardCsv = (table: ScoreboardTable): string => toCsv(table.header, table.rows);

/**
 * Excel's number formats by kind: dates as dates and times, durations as hours, minutes and
 * seconds, money with its cents, whole numbers without a fraction. ('#,##0.##' would write a
 * whole number with a trailing point, "20.")
 */
const formats: Partial<Record<ColumnKind, string>> = {
  date: 'yyyy-mm-dd hh:mm',
  duration: '[h]:mm:ss',
  count: '#,##0',
  money: '#,##0.00',
  number: '#,##0',
};

/** A cell's format: a number of a measure other than money is whole or written to two places, as its value is. */
const formatOf = (cell: CsvCell | Date, kind: ColumnKind): string | undefined =>
  kind === 'number' && typeof cell === 'number' && !Number.isInteger(cell) ? '#,##0.00' : formats[kind];

/** A column's kind in a row: its own, or the row's where the column has one per row. */
const kindAt = (table: ScoreboardTable, row: number, column: number): ColumnKind => {
  const kind = table.kinds[column] ?? 'text';
  return typeof kind === 'string' ? kind : (kind[row] ?? 'text');
};

/** A cell as Excel holds its kind: a date as a date (not its ISO text), a duration in seconds as a fraction of a day. */
const asExcel = (cell: CsvCell, kind: ColumnKind): CsvCell | Date => {
  if (cell === null) return cell;
  if (kind === 'date' && typeof cell === 'string') {
    const date = new Date(cell);
    return Number.isNaN(date.getTime()) ? cell : date;
  }
  if (kind === 'duration' && typeof cell === 'number') return cell / 86_400;
  return cell;
};

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
    sheet.columns = table.kinds.map((kind, at) => {
      // A column of one kind is formatted as a whole, so that a value typed in later reads alike.
      const format = typeof kind === 'string' ? formats[kind] : undefined;
      return { width: Math.min(40, Math.max(12, (table.labels[at] ?? '').length + 2)), ...(format ? { style: { numFmt: format } } : {}) };
    });
    const header = sheet.addRow(table.labels);
    header.font = { bold: true };
    header.commit();
    table.rows.forEach((cells, index) => {
      const row = sheet.addRow(cells.map((cell, at) => asExcel(cell, kindAt(table, index, at))));
      // Only a cell that reads otherwise than its column carries a format of its own.
      cells.forEach((cell, at) => {
        const column = table.kinds[at];
        const format = formatOf(cell, kindAt(table, index, at));
        if (typeof cell === 'number' && format && (typeof column !== 'string' || format !== formats[column]))
          row.getCell(at + 1).numFmt = format;
      });
      row.commit();
    });
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
};
