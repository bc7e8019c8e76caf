import { replayRun, runScore, type RunEvent, type ScenarioContent } from '@resim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Snapshot = {
  gameId: string;
  text?: Record<string, string>;
  phase: string;
  eventCount: number;
  view: null | {
    actions: { id: string; availability: string }[];
    measures: { id: string; value: number }[];
    ended: null | { reason: string };
  };
  messages: { id: string; title: string; message: string }[];
};
type Join = { gameId: string; runToken: string | null; snapshot: Snapshot };

describe.each(dialects)('runs and live sessions on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let nurse: TestUser;
  let guest: TestUser;
  let resimId: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    nurse = await t.user('nurse@hospital.test');
    guest = await t.user('guest@elsewhere.test');
    const spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: author.auth, payload: { description: 'Clinic' } })
    ).json<{ id: string }>().id;
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: author.auth, payload: { groupId: spaceId } })
    ).json<{
      id: string;
      code: string;
    }>();
    resimId = created.id;
    code = created.code;
    const saved = await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: author.auth, payload: sessionScenario });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    options: { who?: TestUser; runToken?: string | null; payload?: unknown } = {},
  ) => {
    const headers: Record<string, string> = {
      ...(options.who?.auth ?? {}),
      ...(options.runToken ? { 'x-run-token': options.runToken } : {}),
    };
    const response = await t.app.inject({
      method,
      url,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };

  let anonymous: Join;
  let signedIn: Join;

  it('answers empty records for a scenario nobody has played', async () => {
    expect((await call('GET', `/admin/resim/${resimId}/games`, { who: author })).body).toEqual([]);
    expect((await call('GET', `/admin/resim/${resimId}/audit`, { who: author })).body).toEqual({ entries: [], nextCursor: null, total: 0 });
    const score = await call<{ players: number; ranking: unknown[]; averagePoints: null }>('GET', `/resim/${resimId}/score`, {
      who: author,
    });
    expect(score.status).toBe(200);
    expect(score.body).toMatchObject({ players: 0, finished: 0, ranking: [], mine: [], averagePoints: null });
    expect((await call('GET', `/admin/resim/${resimId}/games`, { who: guest })).status).toBe(404);
    expect((await call('GET', `/admin/resim/${resimId}/dashboard`, { who: author })).body).toMatchObject({
      instances: [],
      currentInstanceId: null,
      testRuns: 0,
    });
    expect((await call('GET', `/presenter/resim/${resimId}/current`, { who: author })).body).toMatchObject({
      players: 0,
      learners: [],
      messages: [],
      code,
    });
    expect((await call('GET', `/admin/resim/${resimId}/instance/nope/scoreboard`, { who: author })).status).toBe(404);
    expect((await call('GET', `/presenter/resim/${resimId}/current`, { who: guest })).status).toBe(404);
  });

  it('shows the scenario by its code and refuses to join before the lobby opens', async () => {
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const info = await call<{ phase: string; resimName: string }>('GET', `/learn/join/${code.toLowerCase()}`);
    expect(info.body).toMatchObject({ phase: 'closed', resimName: 'Anaemia clinic', allowAnonymous: true });
    const refused = await call<{ message: string }>('POST', `/learn/join/${code}`, { payload: { nickname: 'Sam' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not open yet/);
    expect((await call('GET', '/learn/join/ZZZZZZ')).status).toBe(404);
  });

  it('lets learners into the lobby: anonymous with a nickname, signed in when a pattern matches', async () => {
    expect((await call('POST', `/admin/control/${resimId}/1`, { who: author })).status).toBe(200);
    const joined = await call<Join>('POST', `/learn/join/${code}`, { payload: { nickname: 'Sam' } });
    expect(joined.status).toBe(201);
    anonymous = joined.body;
    expect(anonymous.runToken).toEqual(expect.any(String));
    expect(anonymous.snapshot).toMatchObject({ phase: 'lobby', view: null, text: { simulationWaitText: 'Wait for the ward round' } });

    const nurseJoin = await call<Join>('POST', `/learn/join/${code}`, { who: nurse, payload: {} });
    expect(nurseJoin.status).toBe(201);
    signedIn = nurseJoin.body;
    expect(signedIn.runToken).toBeNull();

    const before = await t.snapshot();
    const refused = await call<{ message: string }>('POST', `/learn/join/${code}`, { who: guest, payload: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your account (guest@elsewhere.test) is not allowed to join Anaemia clinic; ask your presenter to invite it',
    );
    const nameless = await call<{ message: string }>('POST', `/learn/join/${code}`, { payload: {} });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toMatch(/nickname/);
    expect(await t.snapshot()).toBe(before);
  });

  it('resumes the same run when a learner joins again', async () => {
    expect((await call<Join>('POST', `/learn/join/${code}`, { who: nurse, payload: {} })).body.gameId).toBe(signedIn.gameId);
    expect(
      (await call<Join>('POST', `/learn/join/${code}`, { runToken: anonymous.runToken, payload: { nickname: 'Other' } })).body.gameId,
    ).toBe(anonymous.gameId);
  });

  it('keeps learners waiting in the lobby until the session starts', async () => {
    const early = await call<{ message: string }>('POST', `/learn/game/${anonymous.gameId}/event`, {
      runToken: anonymous.runToken,
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(early.status).toBe(409);
    expect((await call('POST', `/admin/control/${resimId}/2`, { who: author })).status).toBe(200);
    const snapshot = await call<Snapshot>('GET', `/learn/game/${anonymous.gameId}`, { runToken: anonymous.runToken });
    expect(snapshot.body.phase).toBe('open');
    expect(snapshot.body.view?.actions.map((action) => [action.id, action.availability])).toEqual([['act1', 'available']]);
  });

  it('refuses steps that are not available, repeated, unknown, of another learner or malformed, storing nothing', async () => {
    const before = await t.snapshot();
    const step = (payload: unknown, runToken = anonymous.runToken, gameId = anonymous.gameId) =>
      call<{ code: string; message: string }>('POST', `/learn/game/${gameId}/event`, { runToken, payload });
    const notYet = await step({ type: 'runAction', actionId: 'act2' });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toMatch(/Full blood count/);
    expect((await step({ type: 'runAction', actionId: 'nope' })).status).toBe(400);
    expect((await step({ type: 'runAction', actionId: 'act1' }, anonymous.runToken, signedIn.gameId)).status).toBe(404);
    expect((await step({ type: 'runAction', actionId: 'act1' }, 'forged-token')).status).toBe(404);
    expect((await step({ type: 'runAction' })).status).toBe(400);
    expect((await step({ type: 'fly' })).status).toBe(400);
    expect((await step({ type: 'confirmConclusions', conclusionIds: ['conc1', 'conc2'] })).status).toBe(400);
    expect(await t.snapshot()).toBe(before);

    const ran = await step({ type: 'runAction', actionId: 'act1' });
    expect(ran.status).toBe(200);
    const again = await step({ type: 'runAction', actionId: 'act1' });
    expect(again.status).toBe(409);
  });

  it('delivers a presenter message to every learner of the session', async () => {
    const sent = await call<{ id: string }>('POST', `/admin/control/${resimId}/message`, {
      who: author,
      payload: { id: 'm1', title: 'Ten minutes left', message: 'Confirm your diagnosis soon' },
    });
    expect(sent.status).toBe(201);
    for (const learner of [anonymous, signedIn]) {
      const snapshot = await call<Snapshot>(
        'GET',
        `/learn/game/${learner.gameId}`,
        learner.runToken ? { runToken: learner.runToken } : { who: nurse },
      );
      expect(snapshot.body.messages).toEqual([
        expect.objectContaining({ id: 'm1', title: 'Ten minutes left', message: 'Confirm your diagnosis soon' }),
      ]);
    }
    expect(
      (await call('POST', `/admin/control/${resimId}/message`, { who: author, payload: { id: 'm2', title: '', message: 'x' } })).status,
    ).toBe(400);
    expect(
      (await call('POST', `/admin/control/${resimId}/message`, { who: guest, payload: { id: 'm3', title: 'Hi', message: 'x' } })).status,
    ).toBe(404);
  });

  it('stores a presenter message sent again with the same id once, and refuses that id with other words', async () => {
    const payload = { id: 'm-retry', title: 'Break', message: 'Back in five minutes' };
    const first = await call<{ id: string; sent: string }>('POST', `/admin/control/${resimId}/message`, { who: author, payload });
    const again = await call<{ id: string; sent: string }>('POST', `/admin/control/${resimId}/message`, { who: author, payload });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const changed = await call<{ message: string }>('POST', `/admin/control/${resimId}/message`, {
      who: author,
      payload: { ...payload, message: 'Back in ten minutes' },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(/m-retry was already sent to this session with other words/);
    const snapshot = await call<Snapshot>('GET', `/learn/game/${anonymous.gameId}`, { runToken: anonymous.runToken });
    expect(snapshot.body.messages.filter((message) => message.id === 'm-retry')).toEqual([
      expect.objectContaining({ title: 'Break', message: 'Back in five minutes' }),
    ]);
  });

  it('stops every run when the session stops, and scores them', async () => {
    const step = (payload: unknown) => call('POST', `/learn/game/${signedIn.gameId}/event`, { who: nurse, payload });
    expect((await step({ type: 'runAction', actionId: 'act1' })).status).toBe(200);
    expect((await step({ type: 'runAction', actionId: 'act2' })).status).toBe(200);
    expect((await step({ type: 'confirmConclusions', conclusionIds: ['conc1'] })).status).toBe(200);
    // The maximum of one diagnosis holds for the whole run, not for each confirmation.
    const second = await step({ type: 'confirmConclusions', conclusionIds: ['conc2'] });
    expect(second).toMatchObject({ status: 400, body: { message: 'You can select 1 diagnosis' } });
    // The answer key's verdict is kept from the learner while the session goes on.
    const during = await call<{ feedback: unknown }>('GET', `/scores/${resimId}/${signedIn.gameId}`, { who: nurse });
    expect(during.body.feedback).toBeNull();
    expect((await call('POST', `/admin/control/${resimId}/3`, { who: author })).status).toBe(200);

    const after = await call<{ status: number }>('POST', `/learn/game/${anonymous.gameId}/event`, {
      runToken: anonymous.runToken,
      payload: { type: 'runAction', actionId: 'act2' },
    });
    expect(after.status).toBe(409);

    const games = await call<{ id: string; points: number; rank: number; endReason: string }[]>('GET', `/admin/resim/${resimId}/games`, {
      who: author,
    });
    const byId = new Map(games.body.map((game) => [game.id, game]));
    expect(byId.get(signedIn.gameId)).toMatchObject({ points: 35, rank: 1, endReason: 'stopped' });
    expect(byId.get(anonymous.gameId)).toMatchObject({ points: 10, rank: 2, endReason: 'stopped' });

    const mine = await call<{ points: number; rank: number; of: number; answers: { correct: boolean } }>(
      'GET',
      `/scores/${resimId}/${signedIn.gameId}`,
      { who: nurse },
    );
    expect(mine.body).toMatchObject({
      points: 35,
      rank: 1,
      of: 2,
      answers: { correct: true },
      feedback: {
        requiredActionsMissed: [],
        unnecessaryActionsRun: [{ id: 'act2', name: 'Ferritin' }],
        harmfulActionsRun: [],
        conclusionsConfirmed: [{ id: 'conc1', name: 'Iron deficiency', correct: true }],
        correctConclusions: [{ id: 'conc1', name: 'Iron deficiency' }],
      },
    });
    expect((await call('GET', `/scores/${resimId}/${signedIn.gameId}`, { runToken: anonymous.runToken })).status).toBe(404);

    const score = await call<{ players: number; finished: number; ranking: { nickname: string; points: number }[] }>(
      'GET',
      `/resim/${resimId}/score`,
      {
        who: nurse,
      },
    );
    expect(score.body).toMatchObject({ players: 2, finished: 2 });
    expect(score.body.ranking.map((entry) => entry.points)).toEqual([35, 10]);

    const presenter = await call<{ instanceId: string; phase: string; joinUrl: string; learners: { nickname: string; rank: number }[] }>(
      'GET',
      `/presenter/resim/${resimId}/current`,
      { who: author },
    );
    expect(presenter.body).toMatchObject({ phase: 'closed', players: 2, finished: 2, averagePoints: 22.5 });
    expect(presenter.body.joinUrl).toMatch(new RegExp(`/play/${code}$`));
    expect(presenter.body.learners.map((learner) => [learner.nickname, learner.rank])).toEqual([
      ['nurse', 1],
      ['Sam', 2],
    ]);
    const board = await call('GET', `/admin/resim/${resimId}/instance/${presenter.body.instanceId}/scoreboard`, { who: author });
    expect(board.body).toMatchObject({
      players: 2,
      learners: [
        { points: 35, rank: 1 },
        { points: 10, rank: 2 },
      ],
    });
    const dashboard = await call('GET', `/admin/resim/${resimId}/dashboard`, { who: author });
    expect(dashboard.body).toMatchObject({
      resimStatus: 3,
      instances: [{ id: presenter.body.instanceId, players: 2, playing: 0, finished: 2, averagePoints: 22.5 }],
    });
  });

  it('rebuilds the same score by replaying the audit trail', async () => {
    const audit = await call<{ entries: { gameId: string; seq: number; type: string; detail: Record<string, unknown>; at: string }[] }>(
      'GET',
      `/admin/resim/${resimId}/audit`,
      { who: author },
    );
    const content = (await call<ScenarioContent>('GET', `/admin/resim/${resimId}`, { who: author })).body;
    const games = await call<{ id: string; startedAt: string; points: number; measures: Record<string, number> }[]>(
      'GET',
      `/admin/resim/${resimId}/games`,
      {
        who: author,
      },
    );
    for (const game of games.body) {
      const events = audit.body.entries
        .filter((entry) => entry.gameId === game.id)
        .map((entry) => ({ type: entry.type, ...entry.detail, at: Date.parse(entry.at) }) as RunEvent);
      const replayed = replayRun(content, Date.parse(game.startedAt), events);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(runScore(content, replayed.state, replayed.state.at).measures).toEqual(game.measures);
    }
    expect(audit.body.entries.filter((entry) => entry.gameId === signedIn.gameId).map((entry) => entry.type)).toEqual([
      'runAction',
      'runAction',
      'confirmConclusions',
      'stop',
    ]);
  });

  it('takes the first step of a run the start has not reached yet, and refuses the runs of an earlier opening', async () => {
    const control = async (status: number) =>
      expect((await call('POST', `/admin/control/${resimId}/${status}`, { who: author })).status).toBe(200);
    await control(0);
    await control(1);
    const early = (await call<Join>('POST', `/learn/join/${code}`, { payload: { nickname: 'Early' } })).body;
    await control(0);
    await control(1);
    const fresh = (await call<Join>('POST', `/learn/join/${code}`, { payload: { nickname: 'Fresh' } })).body;
    await control(2);
    // The moment between the status change and the release of the lobby: this run is not started yet.
    await t.db.updateTable('games').set({ state: null, started_at: null }).where('id', '=', fresh.gameId).execute();

    const first = await call<Snapshot>('POST', `/learn/game/${fresh.gameId}/event`, {
      runToken: fresh.runToken,
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ phase: 'open', eventCount: 1 });
    const games = (await call<{ id: string; startedAt: string | null }[]>('GET', `/admin/resim/${resimId}/games`, { who: author })).body;
    expect(games.find((game) => game.id === fresh.gameId)?.startedAt).toEqual(expect.any(String));

    const before = await t.snapshot();
    const stale = await call<{ message: string }>('POST', `/learn/game/${early.gameId}/event`, {
      runToken: early.runToken,
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This run belongs to an earlier session of Anaemia clinic; join again to play the current one');
    expect(await t.snapshot()).toBe(before);
    await control(3);
  });

  it('shows a learner the answer key item by item only once the live session is stopped, and its author at once', async () => {
    const control = async (status: number) =>
      expect((await call('POST', `/admin/control/${resimId}/${status}`, { who: author })).status).toBe(200);
    await control(0);
    await control(1);
    const kim = (await call<Join>('POST', `/learn/join/${code}`, { payload: { nickname: 'Kim' } })).body;
    await control(2);
    const step = (payload: unknown) => call('POST', `/learn/game/${kim.gameId}/event`, { runToken: kim.runToken, payload });
    expect((await step({ type: 'confirmConclusions', conclusionIds: ['conc2'] })).status).toBe(200);
    expect((await step({ type: 'end' })).status).toBe(200);
    const score = (who: { runToken: string | null } | { who: TestUser }) =>
      call<{ ended: boolean; feedback: unknown }>('GET', `/scores/${resimId}/${kim.gameId}`, who);
    expect((await score({ runToken: kim.runToken })).body).toMatchObject({ ended: true, feedback: null });
    expect((await score({ who: author })).body.feedback).toMatchObject({ requiredActionsMissed: [{ id: 'act1' }] });
    await control(3);
    expect((await score({ runToken: kim.runToken })).body.feedback).toEqual({
      requiredActionsMissed: [{ id: 'act1', name: 'Full blood count' }],
      unnecessaryActionsRun: [],
      harmfulActionsRun: [],
      conclusionsConfirmed: [{ id: 'conc2', name: 'B12 deficiency', correct: false }],
      correctConclusions: [{ id: 'conc1', name: 'Iron deficiency' }],
    });
  });
});
