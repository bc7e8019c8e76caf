import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScenarioOf, createTestApp, dialects, type TestApp, type TestUser } from './harness';

const points = (value: number) => [{ measureId: 'points', value }];

/** A self-paced case whose runs can reach 75 points: two tests required, one harmful, a diagnosis. */
const markedScenario = {
  details: {
    resimName: 'Anaemia clinic',
    mode: 2,
    allowAnonymous: true,
    maxConclusions: 1,
    answers: { actions: ['act1', 'act2'], harmfulActions: ['act3'], conclusions: ['conc1'] },
    passMark: { threshold: { kind: 'points', points: 30 }, mustDo: true },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Ferritin', stage: 'stg1', impact: points(10) },
    { id: 'act2', name: 'Full blood count', stage: 'stg1', impact: points(10) },
    { id: 'act3', name: 'CT head', stage: 'stg1', impact: points(30) },
    { id: 'act4', name: 'Chest X-ray', stage: 'stg1', impact: points(5) },
  ],
  conclusions: [{ id: 'conc1', name: 'Iron deficiency', stage: 'stg1', impact: points(20) }],
};

type Verdict = { passed: boolean; reasons: string[] } | null;
type Step = { type: 'runAction'; actionId: string } | { type: 'confirmConclusions'; conclusionIds: string[] } | { type: 'end' };
const test = (actionId: string): Step => ({ type: 'runAction', actionId });
const diagnose: Step = { type: 'confirmConclusions', conclusionIds: ['conc1'] };
const end: Step = { type: 'end' };

const annPassed: Verdict = { passed: true, reasons: ['40 points scored (30 needed)', 'Every required test was run and no harmful one'] };
const bobFailed: Verdict = { passed: false, reasons: ['10 points scored (30 needed)', 'Required test “Full blood count” was not run'] };
const catFailed: Verdict = { passed: false, reasons: ['50 points scored (30 needed)', 'Harmful test “CT head” was run'] };

describe.each(dialects)('the pass mark and each run’s verdict on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let resimId: string;
  let code: string;
  let first: string;
  const runs = new Map<string, { gameId: string; runToken: string }>();

  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = author.auth,
  ) => {
    const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body, json: () => response.json<T>() };
  };
  const control = async (status: number) => expect((await call('POST', `/admin/control/${resimId}/${status}`)).status).toBe(200);
  const currentOpening = async () =>
    (await call<{ currentInstanceId: string }>('GET', `/admin/resim/${resimId}/dashboard`)).json().currentInstanceId;

  const play = async (nickname: string, steps: Step[]) => {
    const joined = await call<{ gameId: string; runToken: string }>('POST', `/learn/join/${code}`, { nickname }, {});
    expect(joined.status, joined.body).toBe(201);
    const run = joined.json();
    runs.set(nickname, run);
    for (const step of steps) {
      const taken = await call('POST', `/learn/game/${run.gameId}/event`, step, { 'x-run-token': run.runToken });
      expect(taken.status, taken.body).toBe(200);
    }
  };

  const verdicts = async (instanceId: string) => {
    const board = await call<{ learners: { nickname: string; verdict: Verdict }[] }>(
      'GET',
      `/admin/resim/${resimId}/instance/${instanceId}/scoreboard`,
    );
    expect(board.status, board.body).toBe(200);
    return Object.fromEntries(board.json().learners.map((learner) => [learner.nickname, learner.verdict]));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    resimId = await createScenarioOf(t, author, markedScenario);
    code = (await call<{ code: string }>('GET', `/admin/resim/${resimId}`)).json().code;
    await control(2);
    first = await currentOpening();
    await play('Ann', [test('act1'), test('act2'), diagnose, end]);
    await play('Bob', [test('act1'), end]);
    await play('Cat', [test('act1'), test('act2'), test('act3'), end]);
    await play('Dan', [test('act1')]);
  });
  afterAll(() => t.close());

  it('passes or fails each ended run on the scoreboard, saying why; a run going on has no verdict yet', async () => {
    expect(await verdicts(first)).toEqual({ Ann: annPassed, Bob: bobFailed, Cat: catFailed, Dan: null });
  });

  it('says the verdict in the runs list, in a run’s detail and to the learner at the end', async () => {
    const games = (await call<{ nickname: string; verdict: Verdict }[]>('GET', `/admin/resim/${resimId}/games`)).json();
    expect(Object.fromEntries(games.map((game) => [game.nickname, game.verdict]))).toEqual({
      Ann: annPassed,
      Bob: bobFailed,
      Cat: catFailed,
      Dan: null,
    });
    const bob = runs.get('Bob')!;
    const detail = await call<{ run: { verdict: Verdict } }>('GET', `/admin/resim/${resimId}/games/${bob.gameId}`);
    expect(detail.json().run.verdict).toEqual(bobFailed);
    const own = await call<{ verdict: Verdict }>('GET', `/scores/${resimId}/${bob.gameId}`, undefined, { 'x-run-token': bob.runToken });
    expect(own.status, own.body).toBe(200);
    expect(own.json().verdict).toEqual(bobFailed);
  });

  it('writes the result and its reasons in the scoreboard’s CSV', async () => {
    const csv = await call('GET', `/admin/resim/${resimId}/instance/${first}/scoreboard?output=csv`);
    expect(csv.status).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^rank,nickname,points,steps,duration_seconds,joined,started,ended,end_reason,result,reason,/);
    const row = (nickname: string) => lines.find((line) => line.includes(`,${nickname},`))!;
    expect(row('Ann')).toContain(',passed,40 points scored (30 needed); Every required test was run and no harmful one,');
    expect(row('Cat')).toContain(',failed,50 points scored (30 needed); Harmful test “CT head” was run,');
    expect(row('Dan')).not.toMatch(/passed|failed/);
  });

  it('says the verdict of each run in the space’s scoreboard by opening, and in its CSV', async () => {
    const spaceId = (await call<{ group: string }>('GET', `/admin/resim/${resimId}`)).json().group;
    const board = await call<{ rows: { nickname: string; verdict: Verdict }[] }>('GET', `/admin/space/${spaceId}/scoreboard?mode=opening`);
    expect(board.status, board.body).toBe(200);
    expect(Object.fromEntries(board.json().rows.map((row) => [row.nickname, row.verdict]))).toEqual({
      Ann: annPassed,
      Bob: bobFailed,
      Cat: catFailed,
      Dan: null,
    });
    const csv = await call('GET', `/admin/space/${spaceId}/scoreboard?mode=opening&output=csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(',learner,failed,10 points scored (30 needed); Required test “Full blood count” was not run,');
  });

  it('keeps each verdict given when the author changes the pass mark and opens again; the new opening is judged by the new one', async () => {
    await control(3);
    await control(0);
    const edited = await call('PATCH', `/admin/resim/${resimId}`, {
      details: { passMark: { threshold: { kind: 'share', percent: 90 }, mustDo: false } },
    });
    expect(edited.status, edited.body).toBe(200);
    await control(2);
    const second = await currentOpening();
    expect(second).not.toBe(first);
    await play('Eve', [test('act1'), test('act2'), diagnose, end]);

    // Closing the opening ended Dan's run: judged, as the others, by the pass mark of the version it played.
    expect(await verdicts(first)).toEqual({
      Ann: annPassed,
      Bob: bobFailed,
      Cat: catFailed,
      Dan: { passed: false, reasons: ['10 points scored (30 needed)', 'Required test “Full blood count” was not run'] },
    });
    expect(await verdicts(second)).toEqual({
      Eve: { passed: false, reasons: ['90 % of the most reachable 75 points needed (67.5); scored 40 (53 %)'] },
    });
  });

  it('gives Intel the scenario’s pass rate, each run judged by its own version', async () => {
    const intel = await call<{ scenarios: { id: string; judged: number; passed: number; passRate: number | null }[] }>(
      'GET',
      `/admin/intel?resim=${resimId}`,
    );
    expect(intel.status, intel.body).toBe(200);
    // Ann passed the first opening's mark; Bob, Cat and Dan failed it, Eve the second's.
    expect(intel.json().scenarios.map(({ judged, passed, passRate }) => ({ judged, passed, passRate }))).toEqual([
      { judged: 5, passed: 1, passRate: 0.2 },
    ]);
  });

  it('refuses a pass mark it cannot judge by, saying why', async () => {
    const cases: [unknown, RegExp][] = [
      [{ threshold: { kind: 'share', percent: 150 } }, /passMark\.threshold\.percent: must be a percentage from 0 to 100/],
      [{ threshold: { kind: 'points', points: 'thirty' } }, /passMark\.threshold\.points: must be a number of points/],
      [{ threshold: { kind: 'grade' } }, /passMark\.threshold.*kind must be none, points or share/],
      [{ mustDo: 'yes' }, /passMark\.mustDo: must be true or false/],
    ];
    for (const [passMark, message] of cases) {
      const refused = await call<{ message: string }>('PATCH', `/admin/resim/${resimId}`, { details: { passMark } });
      expect(refused.status, JSON.stringify(passMark)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
  });
});
