import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Learner = { gameId: string; nickname: string; endReason: string | null; rank: number | null };
type Board = { players: number; locked: boolean; learners: Learner[] };
type Join = { gameId: string; runToken: string | null; snapshot: { phase: string; endReason: string | null } };

describe.each(dialects)('hosting a live session on %s', (dialect) => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let resimId: string;
  let code: string;
  let instanceId: string;

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    options: { who?: TestUser; runToken?: string | null; payload?: unknown } = {},
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(options.who?.auth ?? {}), ...(options.runToken ? { 'x-run-token': options.runToken } : {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const join = (nickname: string) => call<Join & { message: string }>('POST', `/learn/join/${code}`, { payload: { nickname } });
  const board = async () => (await call<Board>('GET', `/admin/resim/${resimId}/instance/${instanceId}/scoreboard`, { who: host })).body;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    host = await t.user('host@example.test');
    stranger = await t.user('stranger@elsewhere.test');
    const spaceId = (await call<{ id: string }>('POST', '/admin/space', { who: host, payload: { description: 'Lecture hall' } })).body.id;
    const created = await call<{ id: string; code: string; allowAnonymous: boolean }>('POST', '/admin/resim/new', {
      who: host,
      payload: { groupId: spaceId },
    });
    expect(created.body.allowAnonymous).toBe(true);
    resimId = created.body.id;
    code = created.body.code;
    expect((await call('PATCH', `/admin/resim/${resimId}`, { who: host, payload: sessionScenario })).status).toBe(200);
    expect((await call('POST', `/admin/control/${resimId}/1`, { who: host })).status).toBe(200);
    instanceId = (await call<{ currentInstanceId: string }>('GET', `/admin/resim/${resimId}/dashboard`, { who: host })).body
      .currentInstanceId;
  });
  afterAll(() => t.close());

  let ann: Join;
  let bob: Join;
  let cleo: Join;

  it('refuses a nickname already taken in the opening, whatever its case', async () => {
    ann = (await join('Ann')).body;
    const again = await join('  aNN ');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The nickname aNN is taken in this session; choose another');
    // The same name written in full-width letters is the same name.
    const wide = await join('Ａｎｎ');
    expect(wide.status).toBe(409);
    expect(wide.body.message).toBe('The nickname Ann is taken in this session; choose another');
    bob = (await join('Bob')).body;
    cleo = (await join('Cleo')).body;
    expect((await board()).players).toBe(3);
  });

  it("refuses a nickname that hides itself, turns the text around, is an email address or is the host's, joining no one", async () => {
    for (const [nickname, message] of [
      ['\u200B\u200B', 'nickname: Give a nickname that can be seen'],
      ['\u202Eecalevol', 'nickname: A nickname cannot hold characters that change the direction of text'],
      ['ann@hospital.test', 'nickname: A nickname cannot be an email address: everyone in the session sees it'],
      ['Presenter', 'nickname: “Presenter” is kept for the session’s host: choose another nickname'],
    ]) {
      const refused = await join(nickname!);
      expect(refused.status, nickname).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect((await board()).players).toBe(3);
  });

  it('tells the presenter display who may join and that its caller may run the session', async () => {
    const view = await call<{ canControl: boolean; allowAnonymous: boolean; allowSignin: boolean; locked: boolean }>(
      'GET',
      `/presenter/resim/${resimId}/current`,
      { who: host },
    );
    expect(view.body).toMatchObject({ canControl: true, allowAnonymous: true, allowSignin: true, locked: false });
  });

  it('removes a learner from the lobby: their run ends as removed and their player is told', async () => {
    const removed = await call<{ endReason: string; endedAt: string }>(
      'POST',
      `/admin/resim/${resimId}/instance/${instanceId}/games/${bob.gameId}/remove`,
      { who: host },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ gameId: bob.gameId, nickname: 'Bob', endReason: 'removed' });
    const snapshot = await call<Join['snapshot']>('GET', `/learn/game/${bob.gameId}`, { runToken: bob.runToken });
    expect(snapshot.body.endReason).toBe('removed');
    const after = await board();
    expect(after.players).toBe(2);
    expect(after.learners.find((learner) => learner.gameId === bob.gameId)?.endReason).toBe('removed');
  });

  it('refuses to remove a run of another scenario, or for someone outside the space', async () => {
    expect((await call('POST', `/admin/resim/${resimId}/instance/${instanceId}/games/nope/remove`, { who: host })).status).toBe(404);
    expect(
      (await call('POST', `/admin/resim/${resimId}/instance/${instanceId}/games/${ann.gameId}/remove`, { who: stranger })).status,
    ).toBe(404);
    expect(
      (await call('PUT', `/admin/resim/${resimId}/instance/${instanceId}/lock`, { who: stranger, payload: { locked: true } })).status,
    ).toBe(404);
  });

  it('locks the lobby: nobody new may join, those in it still resume', async () => {
    const bad = await call<{ message: string }>('PUT', `/admin/resim/${resimId}/instance/${instanceId}/lock`, {
      who: host,
      payload: { locked: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/locked/);
    const locked = await call('PUT', `/admin/resim/${resimId}/instance/${instanceId}/lock`, { who: host, payload: { locked: true } });
    expect(locked.body).toEqual({ resimId, instanceId, locked: true });
    const refused = await join('Dan');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The lobby of Anaemia clinic is locked: nobody new may join; ask your presenter to let you in');
    const resumed = await call<Join>('POST', `/learn/join/${code}`, { runToken: ann.runToken, payload: { nickname: 'Ann' } });
    expect(resumed.body.gameId).toBe(ann.gameId);
    expect((await board()).locked).toBe(true);
    // Said before anyone types a nickname; not to a learner already in, who comes back in.
    const lockedInfo = async (runToken?: string | null) =>
      (await call<{ locked: boolean; phase: string }>('GET', `/learn/join/${code}`, { runToken })).body;
    expect(await lockedInfo()).toMatchObject({ phase: 'lobby', locked: true });
    expect(await lockedInfo(ann.runToken)).toMatchObject({ phase: 'lobby', locked: false });
    await call('PUT', `/admin/resim/${resimId}/instance/${instanceId}/lock`, { who: host, payload: { locked: false } });
    expect((await board()).locked).toBe(false);
    expect((await lockedInfo()).locked).toBe(false);
    await call('PUT', `/admin/resim/${resimId}/instance/${instanceId}/lock`, { who: host, payload: { locked: true } });
  });

  it('starts without the removed learner, who cannot play', async () => {
    expect((await call('POST', `/admin/control/${resimId}/2`, { who: host })).status).toBe(200);
    const step = await call<{ message: string }>('POST', `/learn/game/${bob.gameId}/event`, {
      runToken: bob.runToken,
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(step.status).toBe(409);
    expect(step.body.message).toBe('Your presenter removed you from this session');
    for (const actionId of ['act1', 'act2'])
      expect(
        (await call('POST', `/learn/game/${ann.gameId}/event`, { runToken: ann.runToken, payload: { type: 'runAction', actionId } }))
          .status,
      ).toBe(200);
    await call('POST', `/learn/game/${cleo.gameId}/event`, { runToken: cleo.runToken, payload: { type: 'runAction', actionId: 'act1' } });
  });

  it('removes a learner whose run is under way: stopped, kept, not ranked', async () => {
    await call('POST', `/admin/resim/${resimId}/instance/${instanceId}/games/${cleo.gameId}/remove`, { who: host });
    const learners = (await board()).learners;
    expect(learners.find((learner) => learner.gameId === cleo.gameId)).toMatchObject({ endReason: 'removed', rank: null });
    expect(learners.find((learner) => learner.gameId === ann.gameId)).toMatchObject({ rank: 1 });
    const dashboard = await call<{ instances: { players: number; playing: number }[] }>('GET', `/admin/resim/${resimId}/dashboard`, {
      who: host,
    });
    expect(dashboard.body.instances[0]).toMatchObject({ players: 1, playing: 1 });
  });

  it('opens a run step by step with the facts each step revealed and the measures after it', async () => {
    type Detail = {
      run: { id: string; nickname: string };
      steps: { seq: number; type: string; facts: { id: string; text: string }[]; measures: { id: string; value: number }[] }[];
      measures: { id: string; value: number }[];
    };
    const detail = await call<Detail>('GET', `/admin/resim/${resimId}/games/${ann.gameId}`, { who: host });
    expect(detail.status).toBe(200);
    expect(detail.body.run).toMatchObject({ id: ann.gameId, nickname: 'Ann' });
    expect(detail.body.steps.map((step) => [step.seq, step.type, step.facts.map((fact) => fact.text)])).toEqual([
      [1, 'runAction', ['Hb 82 g/L']],
      [2, 'runAction', ['Ferritin 6']],
    ]);
    expect(detail.body.steps.map((step) => step.measures.find((measure) => measure.id === 'points')?.value)).toEqual([10, 15]);
    expect(detail.body.measures).toContainEqual(expect.objectContaining({ id: 'points', value: 15 }));
    expect((await call('GET', `/admin/resim/${resimId}/games/unknown`, { who: host })).status).toBe(404);
    expect((await call('GET', `/admin/resim/${resimId}/games/${ann.gameId}`, { who: stranger })).status).toBe(404);
  });

  it('filters the audit by opening', async () => {
    type Page = { entries: { gameId: string }[]; nextCursor: string | null; total: number };
    const all = (await call<Page>('GET', `/admin/resim/${resimId}/audit`, { who: host })).body;
    expect(all.entries.length).toBe(4);
    expect(all).toMatchObject({ nextCursor: null, total: 4 });
    expect((await call<Page>('GET', `/admin/resim/${resimId}/audit?instance=${instanceId}`, { who: host })).body).toEqual(all);
    expect((await call('GET', `/admin/resim/${resimId}/audit?instance=test`, { who: host })).body).toEqual({
      entries: [],
      nextCursor: null,
      total: 0,
    });
    const unknown = await call<{ message: string }>('GET', `/admin/resim/${resimId}/audit?instance=nope`, { who: host });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Instance not found');
    expect((await call('GET', `/admin/resim/${resimId}/audit?instance=`, { who: host })).status).toBe(400);
  });

  it("downloads the opening's results as CSV, removed runs marked", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/resim/${resimId}/instance/${instanceId}/scoreboard?output=csv`,
      headers: host.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Anaemia-clinic-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    // Points are a column already; the pass mark's result (none asked here), a scenario's other measures, the diagnosis and the verdict follow.
    expect(lines[0]).toBe(
      'rank,nickname,points,steps,duration_seconds,joined,started,ended,end_reason,result,reason,accommodation,diagnosis,answer_key',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,Ann,15,2,/);
    expect(lines.filter((line) => line.split(',')[8] === 'removed').map((line) => line.split(',')[1])).toEqual(['Bob', 'Cleo']);
    expect((await call('GET', `/admin/resim/${resimId}/instance/${instanceId}/scoreboard?output=pdf`, { who: host })).status).toBe(400);
  });
});
