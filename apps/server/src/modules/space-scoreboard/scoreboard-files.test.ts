import { buffer } from 'node:stream/consumers';
import type { OpeningScoreboard, ScoreboardScenario } from '@resim/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { scoreboardTable, scoreboardXlsx } from './scoreboard-files';

const scenario = (id: string, currency: string, costMeasures: ScoreboardScenario['costMeasures']): ScoreboardScenario => ({
  id,
  resimName: id,
  scoreLabel: 'Points',
  lowerIsBetter: false,
  scoreUnits: { type: 7, timeUnit: 'seconds', currency },
  costMeasures,
  openings: [{ id: `${id}-o1`, created: '2025-03-03T09:00:00.000Z' }],
});

const run = (resimId: string, costs: Record<string, number | null>): OpeningScoreboard['rows'][number] => ({
  resimId,
  instanceId: `${resimId}-o1`,
  rank: 1,
  nickname: 'Kim',
  email: null,
  score: 1,
  points: 1,
  durationMs: 60_000,
  startedAt: '2025-03-03T09:00:00.000Z',
  endedAt: '2025-03-03T09:01:00.000Z',
  endReason: 'learner',
  diagnosis: [],
  answerKey: null,
  verdict: null,
  costs,
});

describe("a space's scoreboard as a table", () => {
  const board: OpeningScoreboard = {
    mode: 'opening',
    spaceId: 's1',
    spaceName: 'Ward 7',
    scenarios: [
      scenario('a', 'USD', [
        { id: 'measure1', name: 'Cost', type: 1, timeUnit: 'seconds' },
        { id: 'measure2', name: 'Cost', type: 1, timeUnit: 'seconds' },
        { id: 'measure3', name: 'Waiting', type: 2, timeUnit: 'seconds' },
      ]),
      scenario('b', 'USD', [
        { id: 'measure4', name: 'Cost', type: 1, timeUnit: 'seconds' },
        { id: 'measure1', name: 'Waiting', type: 4, timeUnit: 'hours' },
      ]),
      scenario('c', 'EUR', [{ id: 'measure1', name: 'Cost', type: 1, timeUnit: 'seconds' }]),
    ],
    rows: [run('a', { measure1: 10, measure2: 2, measure3: 30 }), run('b', { measure4: 20, measure1: 1.5 }), run('c', { measure1: null })],
  };

  it('gives each money and time measure a column by name and unit, whatever its id in each scenario', () => {
    const table = scoreboardTable(board);
    const costs = table.header.indexOf('answer_key') + 1;
    // A second "Cost" of one scenario is told apart by its id; the same name in euros is another column.
    expect(table.header.slice(costs)).toEqual([
      'Cost (USD)',
      'Cost [measure2] (USD)',
      'Waiting (seconds)',
      'Waiting (hours)',
      'Cost (EUR)',
    ]);
    expect(table.labels.slice(costs)).toEqual(table.header.slice(costs));
    expect(table.rows.map((row) => row.slice(costs))).toEqual([
      [10, 2, 30, null, null],
      [20, null, null, 1.5, null],
      [null, null, null, null, null],
    ]);
  });

  it('writes a whole number of time without a trailing point, and a fraction to two places', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buffer(scoreboardXlsx(scoreboardTable(board)))) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('By opening')!;
    const waiting = (sheet.getRow(1).values as unknown[]).indexOf('Waiting (hours)');
    expect([sheet.getRow(3).getCell(waiting).value, sheet.getRow(3).getCell(waiting).numFmt]).toEqual([1.5, '#,##0.00']);
    const seconds = (sheet.getRow(1).values as unknown[]).indexOf('Waiting (seconds)');
    expect([sheet.getRow(2).getCell(seconds).value, sheet.getRow(2).getCell(seconds).numFmt]).toEqual([30, '#,##0']);
  });
});
