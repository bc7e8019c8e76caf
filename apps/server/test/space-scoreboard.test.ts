import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/lib/clock';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { budgetScenario, sessionScenario } from './session-scenario';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

type Join = { gameId: string; runToken: string | null };

/** The clinic, self-paced, with a cost in dollars: a blood count costs $15. */
const clinicScenario = {
  ...sessionScenario,
  details: { ...sessionScenario.details, mode: 2 },
  measures: [...sessionScenario.measures, { id: 'measure1', name: 'Cost', type: 1, initial: 0 }],
  actions: sessionScenario.actions.map((action) =>
    action.id === 'act1' ? { ...action, impact: [...action.impact, { measureId: 'measure1', value: 15 }] } : action,
  ),
};

/** The budget round with a wait in minutes beside its cost: the MRI takes 90, the blood count 5. */
const budgetRound = {
  ...budgetScenario,
  measures: [...budgetScenario.measures, { id: 'measure2', name: 'Waiting', type: 4, timeUnit: 'minutes', initial: 0 }],
  actions: budgetScenario.actions.map((action) => ({
    ...action,
    impact: [...action.impact, { measureId: 'measure2', value: action.id === 'act1' ? 90 : 5 }],
  })),
};

describe.each(dialects)("a space's scoreboard on %s", (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let outsider: TestUser;
  let spaceId: string;
  let at = Date.parse('2025-03-03T09:00:00.000Z');
  const clock: Clock = { now: () => new Date(at) };
  const later = (seconds: number) => {
    at += seconds * 1000;
  };

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser | null, payload?: object, runToken?: string | null) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(who?.auth ?? {}), ...(runToken ? { 'x-run-token': runToken } : {}) },
      ...(payload ? { payload } : {}),
    });
    return response;
  };
  const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser | null, payload?: object, runToken?: string | null) => {
    const response = await call(method, url, who, payload, runToken);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<Record<string, unknown>>();
  };

  const newScenario = async (content: object) => {
    const created = (await ok('POST', '/admin/resim/new', author, { groupId: spaceId })) as { id: string; code: string };
    await ok('PATCH', `/admin/resim/${created.id}`, author, content);
    return created;
  };

  /** A learner plays: joins, takes each step a minute apart, ends unless told not to. */
  const play = async (code: string, who: TestUser | null, steps: object[], options: { nickname?: string; end?: boolean } = {}) => {
    const joined = (await ok('POST', `/learn/join/${code}`, who, options.nickname ? { nickname: options.nickname } : {})) as Join;
    for (const step of steps) {
      later(60);
      await ok('POST', `/learn/game/${joined.gameId}/event`, who, step, joined.runToken);
    }
    if (options.end !== false) {
      later(60);
      await ok('POST', `/learn/game/${joined.gameId}/event`, who, { type: 'end' }, joined.runToken);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, clock);
    author = await t.user('author@example.test');
    outsider = await t.user('outsider@elsewhere.test');
    const [ann, bob] = [await t.user('ann@hospital.test'), await t.user('bob@hospital.test')];
    spaceId = ((await ok('POST', '/admin/space', author, { description: 'Ward 7' })) as { id: string }).id;
    await ok('POST', `/admin/space/${spaceId}/learner`, author, {
      learners: [{ email: 'cid@hospital.test' }, { email: 'ann@hospital.test' }],
    });

    const anaemia = await newScenario(clinicScenario);
    const budget = await newScenario(budgetRound);

    // First opening of the clinic: Ann 30 points, Bob 10, anonymous Kim -10.
    await ok('POST', `/admin/control/${anaemia.id}/2`, author);
    await play(anaemia.code, ann, [
      { type: 'runAction', actionId: 'act1' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
    ]);
    await play(anaemia.code, bob, [{ type: 'runAction', actionId: 'act1' }]);
    await play(anaemia.code, null, [{ type: 'confirmConclusions', conclusionIds: ['conc2'] }], { nickname: 'Kim' });
    await ok('POST', `/admin/control/${anaemia.id}/3`, author);
    await ok('POST', `/admin/control/${anaemia.id}/0`, author);

    // Test Mode: the author's run scores 35 and counts nowhere.
    await ok('POST', `/admin/control/${anaemia.id}/4`, author);
    await play(anaemia.code, author, [
      { type: 'runAction', actionId: 'act1' },
      { type: 'runAction', actionId: 'act2' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
    ]);
    await ok('POST', `/admin/control/${anaemia.id}/0`, author);

    // Second opening: Ann does worse (10), Bob has not finished.
    later(3600);
    await ok('POST', `/admin/control/${anaemia.id}/2`, author);
    await play(anaemia.code, ann, [{ type: 'runAction', actionId: 'act1' }]);
    await play(anaemia.code, bob, [{ type: 'runAction', actionId: 'act1' }], { end: false });

    // The budget round: Bob spends 20, Ann 400; less is better.
    await ok('POST', `/admin/control/${budget.id}/2`, author);
    await play(budget.code, ann, [{ type: 'runAction', actionId: 'act1' }]);
    await play(budget.code, bob, [{ type: 'runAction', actionId: 'act2' }]);
  });
  afterAll(() => t.close());

  const scoreboardUrl = (query: string) => `/admin/space/${spaceId}/scoreboard${query}`;

  it('answers a space that is not the caller’s, or none, with 404', async () => {
    for (const url of [scoreboardUrl(''), scoreboardUrl('/available'), scoreboardUrl('?output=csv'), scoreboardUrl('?output=xlsx')]) {
      expect((await call('GET', url, outsider)).statusCode).toBe(404);
    }
    expect((await call('GET', '/admin/space/nope/scoreboard', author)).statusCode).toBe(404);
    expect((await call('GET', scoreboardUrl(''), null)).statusCode).toBe(401);
  });

  it('refuses a mode or an output it does not know, naming it and the ones it knows', async () => {
    const mode = await call('GET', scoreboardUrl('?mode=team'), author);
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toEqual({
      code: 'bad_request',
      message: "querystring.mode: 'team' is not a mode; ask for learner, scenario or opening",
    });
    const output = await call('GET', scoreboardUrl('?mode=learner&output=pdf'), author);
    expect(output.statusCode).toBe(400);
    expect(output.json<{ message: string }>().message).toBe("querystring.output: 'pdf' is not an output; ask for json, csv or xlsx");
  });

  it('says what can be asked for: the modes with their rows, the scenarios with their openings, the outputs', async () => {
    const available = await ok('GET', scoreboardUrl('/available'), author);
    expect(available).toMatchObject({
      spaceName: 'Ward 7',
      learners: 3,
      outputs: ['json', 'csv', 'xlsx'],
      modes: [
        { mode: 'learner', label: 'By learner', rows: 3 },
        { mode: 'scenario', label: 'By scenario', rows: 4 },
        { mode: 'opening', label: 'By opening', rows: 7 },
      ],
      scenarios: [
        {
          resimName: 'Anaemia clinic',
          scoreLabel: 'Points',
          lowerIsBetter: false,
          scoreUnits: { type: 7, timeUnit: 'seconds', currency: 'USD' },
          learners: 2,
          runs: 5,
          finished: 4,
        },
        {
          resimName: 'Budget round',
          scoreLabel: 'Cost',
          lowerIsBetter: true,
          scoreUnits: { type: 1, timeUnit: 'seconds', currency: 'USD' },
          learners: 2,
          runs: 2,
          finished: 2,
          openings: [expect.anything()],
        },
      ],
    });
    expect((available['scenarios'] as { openings: unknown[] }[])[0]!.openings).toHaveLength(2);
  });

  it("gives each learner's best finished run per scenario, ranked, leaving Test Mode out", async () => {
    const board = await ok('GET', scoreboardUrl(''), author);
    const [anaemia, budget] = (board['scenarios'] as { id: string }[]).map((scenario) => scenario.id);
    expect(board['mode']).toBe('learner');
    expect(board['learners']).toEqual([
      {
        email: 'ann@hospital.test',
        results: {
          [anaemia!]: { score: 30, points: 30, durationMs: 180_000, rank: 1, runs: 2, finished: 2 },
          [budget!]: { score: 400, points: 0, durationMs: 120_000, rank: 2, runs: 1, finished: 1 },
        },
      },
      {
        email: 'bob@hospital.test',
        results: {
          [anaemia!]: { score: 10, points: 10, durationMs: 120_000, rank: 2, runs: 2, finished: 1 },
          [budget!]: { score: 20, points: 0, durationMs: 120_000, rank: 1, runs: 1, finished: 1 },
        },
      },
      { email: 'cid@hospital.test', results: {} },
    ]);
  });

  it('ranks the runs of each opening, anonymous ones too, and lists the unfinished after them', async () => {
    const board = await ok('GET', scoreboardUrl('?mode=opening'), author);
    const rows = board['rows'] as { nickname: string; rank: number | null; score: number | null; endedAt: string | null }[];
    expect(rows.map((row) => [row.nickname, row.rank, row.score])).toEqual([
      ['ann', 1, 30],
      ['bob', 2, 10],
      ['Kim', 3, -10],
      ['ann', 1, 10],
      ['bob', null, null],
      ['bob', 1, 20],
      ['ann', 2, 400],
    ]);
  });

  it("says each run's diagnosis by name and the answer key's verdict on it, none while a run goes on", async () => {
    const board = await ok('GET', scoreboardUrl('?mode=opening'), author);
    const rows = board['rows'] as { nickname: string; diagnosis: string[]; answerKey: string | null }[];
    const names = new Map(sessionScenario.conclusions.map((conclusion) => [conclusion.id, conclusion.name]));
    expect(rows.slice(0, 5).map((row) => [row.nickname, row.diagnosis, row.answerKey])).toEqual([
      ['ann', [names.get('conc1')], 'right'],
      ['bob', [], 'wrong'],
      ['Kim', [names.get('conc2')], 'wrong'],
      ['ann', [], 'wrong'],
      ['bob', [], null],
    ]);
  });

  it("writes an opening's CSV with each measure in its unit, the diagnosis and the answer key's verdict", async () => {
    const scenarios = (await ok('GET', scoreboardUrl('/available'), author))['scenarios'] as {
      id: string;
      resimName: string;
      openings: { id: string }[];
    }[];
    const csvOf = async (name: string) => {
      const scenario = scenarios.find((candidate) => candidate.resimName === name)!;
      const response = await call('GET', `/admin/resim/${scenario.id}/instance/${scenario.openings[0]!.id}/scoreboard?output=csv`, author);
      expect(response.statusCode).toBe(200);
      return response.body
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(','));
    };
    const budget = await csvOf('Budget round');
    // No pass mark asked: the result and its reason stay empty.
    expect(budget[0]!.slice(9, 11)).toEqual(['result', 'reason']);
    // Money in the scenario's currency, a time measure in its own unit.
    expect(budget[0]!.slice(11)).toEqual(['accommodation', 'measure1 (USD)', 'measure2 (minutes)', 'diagnosis', 'answer_key']);
    expect(budget.slice(1).map((row) => [row[1], row[9], row[12], row[13], row[15]])).toEqual([
      ['bob', '', '20', '5', ''],
      ['ann', '', '400', '90', ''],
    ]);
    const clinic = await csvOf('Anaemia clinic');
    expect(clinic[0]!.slice(11)).toEqual(['accommodation', 'measure1 (USD)', 'diagnosis', 'answer_key']);
    expect(clinic.slice(1).map((row) => [row[1], row[12], row[13], row[14]])).toEqual([
      ['ann', '15', 'Iron deficiency', 'right'],
      ['bob', '15', '', 'wrong'],
      ['Kim', '0', 'B12 deficiency', 'wrong'],
    ]);
  });

  it("gives each run's final money and time measures, read from its stored score, and each scenario's such measures", async () => {
    const available = await ok('GET', scoreboardUrl('/available'), author);
    expect((available['scenarios'] as { costMeasures: unknown }[]).map((scenario) => scenario.costMeasures)).toEqual([
      [{ id: 'measure1', name: 'Cost', type: 1, timeUnit: 'seconds' }],
      [
        { id: 'measure1', name: 'Cost', type: 1, timeUnit: 'seconds' },
        { id: 'measure2', name: 'Waiting', type: 4, timeUnit: 'minutes' },
      ],
    ]);
    const opening = await ok('GET', scoreboardUrl('?mode=opening'), author);
    expect((opening['rows'] as { nickname: string; costs: unknown }[]).map((row) => [row.nickname, row.costs])).toEqual([
      ['ann', { measure1: 15 }],
      ['bob', { measure1: 15 }],
      ['Kim', { measure1: 0 }],
      ['ann', { measure1: 15 }],
      // Still playing: nothing is final yet.
      ['bob', { measure1: null }],
      ['bob', { measure1: 20, measure2: 5 }],
      ['ann', { measure1: 400, measure2: 90 }],
    ]);
    // By scenario, those of the learner's best finished run.
    const scenario = await ok('GET', scoreboardUrl('?mode=scenario'), author);
    expect((scenario['rows'] as { email: string; costs: unknown }[]).map((row) => [row.email, row.costs])).toEqual([
      ['ann@hospital.test', { measure1: 15 }],
      ['bob@hospital.test', { measure1: 15 }],
      ['bob@hospital.test', { measure1: 20, measure2: 5 }],
      ['ann@hospital.test', { measure1: 400, measure2: 90 }],
    ]);
  });

  it('writes a column per money and time measure by name and unit, shared by the scenarios that have it', async () => {
    const response = await call('GET', scoreboardUrl('?mode=opening&output=csv'), author);
    const rows = response.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]!.slice(-2)).toEqual(['Cost (USD)', 'Waiting (minutes)']);
    // The clinic has no wait: its cells in that column stay empty.
    expect(rows.slice(1).map((row) => [row[0], row[4], ...row.slice(-2)])).toEqual([
      ['Anaemia clinic', 'ann', '15', ''],
      ['Anaemia clinic', 'bob', '15', ''],
      ['Anaemia clinic', 'Kim', '0', ''],
      ['Anaemia clinic', 'ann', '15', ''],
      ['Anaemia clinic', 'bob', '', ''],
      ['Budget round', 'bob', '20', '5'],
      ['Budget round', 'ann', '400', '90'],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call('GET', scoreboardUrl('?mode=scenario&output=xlsx'), author)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('By scenario')!;
    expect((sheet.getRow(1).values as unknown[]).slice(-2)).toEqual(['Cost (USD)', 'Waiting (minutes)']);
    expect([sheet.getRow(5).getCell(1).value, sheet.getRow(5).getCell(11).value, sheet.getRow(5).getCell(12).value]).toEqual([
      'Budget round',
      400,
      90,
    ]);
  });

  it('sends each mode as CSV named after the space and the mode, equal to its fixture', async () => {
    for (const mode of ['learner', 'scenario', 'opening']) {
      const response = await call('GET', scoreboardUrl(`?mode=${mode}&output=csv`), author);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Ward-7-scoreboard-by-${mode}.csv"`);
      expect(response.body).toBe(fixture(`space-scoreboard-by-${mode}.csv`));
    }
  });

  it('sends the learner grid as an XLSX workbook holding the same table as the CSV', async () => {
    const response = await call('GET', scoreboardUrl('?output=xlsx'), author);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Ward-7-scoreboard-by-learner.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('By learner')!;
    const cells: string[] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as (string | number | null | undefined)[]).slice(1);
      cells.push(Array.from({ length: sheet.columnCount }, (_, at) => String(values[at] ?? '')).join(','));
    });
    // The same rows as the CSV, under headings for people.
    const csv = fixture('space-scoreboard-by-learner.csv').split('\r\n');
    expect(cells.slice(1)).toEqual(csv.slice(1, -1));
    expect(cells[0]).toBe(csv[0]!.replace(/^learner,/, 'Learner,').replaceAll('"', ''));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    // Points whole, a cost with its cents.
    expect([sheet.getRow(2).getCell(2).numFmt, sheet.getRow(2).getCell(3).numFmt]).toEqual(['#,##0', '#,##0.00']);
  });

  it('writes the XLSX with headings for people, real Excel dates and durations in their formats', async () => {
    const response = await call('GET', scoreboardUrl('?mode=opening&output=xlsx'), author);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('By opening')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Scenario',
      'Opened',
      'Scored by',
      'Rank',
      'Nickname',
      'Email',
      'Score',
      'Score with its unit',
      'Points',
      'Time taken',
      'Started',
      'Ended',
      'How it ended',
      'Result',
      'Reason',
      'Accommodation',
      'Diagnosis',
      'Answer key',
      'Cost (USD)',
      'Waiting (minutes)',
    ]);
    const finished = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(12).value !== null)!;
    expect(finished.getCell(2).value).toBeInstanceOf(Date);
    expect(finished.getCell(11).value).toBeInstanceOf(Date);
    expect(finished.getCell(12).value).toBeInstanceOf(Date);
    expect(finished.getCell(12).numFmt).toBe('yyyy-mm-dd hh:mm');
    // A duration is a fraction of a day in a time format, which ExcelJS reads back as a time of day 0.
    expect(typeof finished.getCell(10).value).not.toBe('string');
    expect(finished.getCell(10).numFmt).toBe('[h]:mm:ss');
    // A cost reads with its currency beside the number.
    const cost = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(1).value === 'Budget round')!;
    expect([cost.getCell(7).value, cost.getCell(8).value]).toEqual([20, '$20.00']);
    // Numbers in formats that write a whole number without a trailing point: money with its cents,
    // points, ranks and minutes whole; a score in money in one row, in points in another.
    const formats = (row: ExcelJS.Row) => [4, 7, 9, 19, 20].map((at) => row.getCell(at).numFmt);
    expect(formats(cost)).toEqual(['#,##0', '#,##0.00', '#,##0', '#,##0.00', '#,##0']);
    expect(formats(finished)).toEqual(['#,##0', '#,##0', '#,##0', '#,##0.00', '#,##0']);
  });

  it('is listed in the OpenAPI document', async () => {
    const paths = (await ok('GET', '/openapi.json', null))['paths'] as Record<string, unknown>;
    expect(paths).toHaveProperty(['/admin/space/{id}/scoreboard']);
    expect(paths).toHaveProperty(['/admin/space/{id}/scoreboard/available']);
  });
});
