import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Problem = { code: string; message: string };
type Effective = { extraPercent: number; extraMinutes: number; untimed: boolean; windowMinutes: number; from: 'learner' | string[] };
type Learner = { email: string; tags: string[]; accommodation: Effective | null };
type Join = { gameId: string; runToken: string | null };
type Snapshot = { view: { ended: { reason: string } | null } | null; allowance: { untimed: boolean; extraSeconds: number | null } | null };
type BoardLearner = { gameId: string; nickname: string; accommodation: string | null; endReason: string | null };

/** A live scenario whose runs a countdown of ten minutes ends. */
const countdownScenario = {
  ...sessionScenario,
  details: { ...sessionScenario.details, resimName: 'Timed ward round' },
  measures: [
    ...sessionScenario.measures,
    { id: 'measure1', name: 'Time left', type: 3, initial: 600, limits: { min: 0, max: null, kind: 1 } },
  ],
};

describe.each(dialects)('accommodations on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let outsider: TestUser;
  let ann: TestUser;
  let bea: TestUser;
  let cy: TestUser;
  let spaceId: string;
  let now = new Date('2026-12-01T08:00:00.000Z');

  const call = async <T>(who: TestUser | null, method: Method, url: string, payload?: unknown, runToken?: string | null) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(who?.auth ?? {}), ...(runToken ? { 'x-run-token': runToken } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: response.statusCode,
      get body() {
        return response.json<T>();
      },
      text: response.body,
    };
  };
  const learners = async () => (await call<Learner[]>(admin, 'GET', `/admin/space/${spaceId}/learner`)).body;
  const accommodationOf = async (email: string) => (await learners()).find((learner) => learner.email === email)?.accommodation;
  const put = (body: unknown) => call<{ count: number } & Problem>(admin, 'PUT', `/admin/space/${spaceId}/accommodation`, body);
  const remove = (body: unknown) => call<{ count: number } & Problem>(admin, 'DELETE', `/admin/space/${spaceId}/accommodation`, body);
  const newScenario = async (content: object) => {
    const created = (await call<{ id: string; code: string }>(admin, 'POST', '/admin/resim/new', { groupId: spaceId })).body;
    expect((await call(admin, 'PATCH', `/admin/resim/${created.id}`, content)).status).toBe(200);
    return created;
  };
  const control = (resimId: string, status: number, query = '') =>
    call<{ resimStatus: number } & Problem>(admin, 'POST', `/admin/control/${resimId}/${status}${query}`);
  const stateOf = async (gameId: string) => {
    const row = await t.db.selectFrom('games').select('state').where('id', '=', gameId).executeTakeFirstOrThrow();
    return JSON.parse(row.state!) as { allowance: unknown };
  };
  const step = (who: TestUser | null, gameId: string, actionId: string, runToken?: string | null) =>
    call<Snapshot & Problem>(who, 'POST', `/learn/game/${gameId}/event`, { type: 'runAction', actionId }, runToken);
  const snapshot = async (who: TestUser | null, gameId: string, runToken?: string | null) =>
    (await call<Snapshot>(who, 'GET', `/learn/game/${gameId}`, undefined, runToken)).body;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => now });
    admin = await t.user('admin@example.test');
    outsider = await t.user('outsider@example.test');
    ann = await t.user('ann@hospital.test');
    bea = await t.user('bea@hospital.test');
    cy = await t.user('cy@hospital.test');
    spaceId = (await call<{ id: string }>(admin, 'POST', '/admin/space', { description: 'Ward' })).body.id;
    const added = await call(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      learners: [
        { email: 'ann@hospital.test', tags: ['night'] },
        { email: 'bea@hospital.test', tags: ['night', 'dyslexia'] },
        { email: 'cy@hospital.test' },
      ],
    });
    expect(added.status).toBe(201);
  });
  afterAll(() => t.close());

  describe('setting them', () => {
    it('answers no accommodations at first, and 404 to outsiders', async () => {
      expect((await call(admin, 'GET', `/admin/space/${spaceId}/accommodation`)).body).toEqual({ learners: [], tags: [] });
      expect((await learners()).map((learner) => learner.accommodation)).toEqual([null, null, null]);
      const before = await t.snapshot();
      expect((await call(outsider, 'GET', `/admin/space/${spaceId}/accommodation`)).status).toBe(404);
      expect(
        (await call(outsider, 'PUT', `/admin/space/${spaceId}/accommodation`, { tags: ['x'], accommodation: { untimed: true } })).status,
      ).toBe(404);
      expect((await call(outsider, 'DELETE', `/admin/space/${spaceId}/accommodation`, { tags: ['x'] })).status).toBe(404);
      expect(await t.snapshot()).toBe(before);
    });

    it('gives tags accommodations, each learner the most generous of their tags’ parts', async () => {
      expect((await put({ tags: [' night '], accommodation: { extraPercent: 25, windowMinutes: 60 } })).body).toEqual({ count: 1 });
      expect((await put({ tags: ['dyslexia'], accommodation: { extraPercent: 50, extraMinutes: 5 } })).body).toEqual({ count: 1 });
      expect(await accommodationOf('ann@hospital.test')).toEqual({
        extraPercent: 25,
        extraMinutes: 0,
        untimed: false,
        windowMinutes: 60,
        from: ['night'],
      });
      expect(await accommodationOf('bea@hospital.test')).toEqual({
        extraPercent: 50,
        extraMinutes: 5,
        untimed: false,
        windowMinutes: 60,
        from: ['dyslexia', 'night'],
      });
      expect(await accommodationOf('cy@hospital.test')).toBeNull();
    });

    it("puts a learner's own accommodation before their tags'", async () => {
      expect((await put({ learners: ['ANN@hospital.test'], accommodation: { extraPercent: 50 } })).body).toEqual({ count: 1 });
      expect(await accommodationOf('ann@hospital.test')).toEqual({
        extraPercent: 50,
        extraMinutes: 0,
        untimed: false,
        windowMinutes: 0,
        from: 'learner',
      });
      const list = (
        await call<{ learners: { name: string }[]; tags: { name: string; extraPercent: number }[] }>(
          admin,
          'GET',
          `/admin/space/${spaceId}/accommodation`,
        )
      ).body;
      expect(list.learners.map((row) => row.name)).toEqual(['ann@hospital.test']);
      expect(list.tags.map((row) => [row.name, row.extraPercent])).toEqual([
        ['dyslexia', 50],
        ['night', 25],
      ]);
    });

    it('stores the accommodation given with a learner in an import as their own', async () => {
      const added = await call(admin, 'POST', `/admin/space/${spaceId}/learner`, {
        learners: [{ email: 'dee@hospital.test', accommodation: { untimed: true } }, { email: 'eve@hospital.test' }],
      });
      expect(added.status).toBe(201);
      expect(await accommodationOf('dee@hospital.test')).toEqual({
        extraPercent: 0,
        extraMinutes: 0,
        untimed: true,
        windowMinutes: 0,
        from: 'learner',
      });
      expect(await accommodationOf('eve@hospital.test')).toBeNull();
      const refused = await call<Problem>(admin, 'POST', `/admin/space/${spaceId}/learner`, {
        learners: [{ email: 'fay@hospital.test', accommodation: { extraPercent: 1000 } }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('extraPercent must be a whole number from 0 to 300');
    });

    it('refuses bad requests with 400 naming the problem, changing nothing', async () => {
      const before = await t.snapshot();
      for (const [body, message] of [
        [{ learners: ['zed@hospital.test'], accommodation: { untimed: true } }, 'Not learners of this space: zed@hospital.test'],
        [{ learners: ['not an email'], accommodation: { untimed: true } }, 'is not an email address'],
        [{ tags: ['x'], accommodation: {} }, 'an accommodation gives extra time, untimed play or a later close'],
        [{ tags: ['x'], accommodation: { extraPercent: -5 } }, 'extraPercent must be a whole number from 0 to 300'],
        [{ tags: ['x'], accommodation: { extraMinutes: 1.5 } }, 'extraMinutes must be a whole number'],
        [{ tags: ['x'], accommodation: { untimed: 'yes' } }, 'untimed must be true or false'],
        [{ tags: ['x'.repeat(41)], accommodation: { untimed: true } }, 'a tag has at most 40 characters'],
        [{ tags: ['  '], accommodation: { untimed: true } }, 'a tag must not be empty'],
        [{ accommodation: { untimed: true } }, 'name at least one learner or tag'],
        [{ tags: ['x'] }, 'accommodation'],
        [{ tags: ['x'], accommodation: { untimed: true }, extra: 1 }, 'extra'],
      ] as const) {
        const answer = await put(body);
        expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400]);
        expect(answer.body.message).toContain(message);
      }
      const unknown = await remove({ learners: ['zed@hospital.test'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('zed@hospital.test');
      expect((await remove({})).status).toBe(400);
      expect(await t.snapshot()).toBe(before);
    });

    it('removes accommodations, and a learner leaving the space takes theirs', async () => {
      expect((await put({ learners: ['eve@hospital.test'], accommodation: { extraMinutes: 10 } })).status).toBe(200);
      expect((await remove({ learners: ['dee@hospital.test'], tags: ['nobody'] })).body).toEqual({ count: 1 });
      expect(await accommodationOf('dee@hospital.test')).toBeNull();
      expect((await call(admin, 'DELETE', `/admin/space/${spaceId}/learner`, { learners: ['eve@hospital.test'] })).status).toBe(200);
      const rows = await t.db.selectFrom('accommodations').select('name').where('kind', '=', 'learner').execute();
      expect(rows.map((row) => row.name)).toEqual(['ann@hospital.test']);
    });
  });

  describe('a live session', () => {
    let resimId: string;
    let instanceId: string;
    const joined: Record<string, Join> = {};

    beforeAll(async () => {
      now = new Date('2026-12-01T09:00:00.000Z');
      const created = await newScenario(countdownScenario);
      resimId = created.id;
      expect((await control(resimId, 1)).status).toBe(200);
      instanceId = (await call<{ currentInstanceId: string }>(admin, 'GET', `/admin/resim/${resimId}/dashboard`)).body.currentInstanceId;
      for (const [name, who] of [
        ['ann', ann],
        ['bea', bea],
        ['cy', cy],
      ] as const) {
        const join = await call<Join>(who, 'POST', `/learn/join/${created.code}`, {});
        expect(join.status).toBe(201);
        joined[name] = join.body;
      }
      const sam = await call<Join>(null, 'POST', `/learn/join/${created.code}`, { nickname: 'Sam' });
      expect(sam.status).toBe(201);
      joined.sam = sam.body;
      expect((await control(resimId, 2)).status).toBe(200);
    });

    it("starts each signed-in learner's run with their allowance, recorded in its state", async () => {
      expect((await stateOf(joined.ann!.gameId)).allowance).toEqual({ untimed: false, extraPercent: 50, extraSeconds: 0 });
      expect((await stateOf(joined.bea!.gameId)).allowance).toEqual({ untimed: false, extraPercent: 50, extraSeconds: 300 });
      expect((await stateOf(joined.cy!.gameId)).allowance).toBeNull();
      expect((await stateOf(joined.sam!.gameId)).allowance).toBeNull();
      expect((await snapshot(ann, joined.ann!.gameId)).allowance).toEqual({ untimed: false, extraSeconds: 300 });
      expect((await snapshot(cy, joined.cy!.gameId)).allowance).toBeNull();
    });

    it('lets a learner with +50 % play past the standard countdown, while a standard run is ended by it', async () => {
      now = new Date('2026-12-01T09:11:00.000Z');
      const standard = await step(cy, joined.cy!.gameId, 'act1');
      expect(standard.status).toBe(409);
      expect((await snapshot(cy, joined.cy!.gameId)).view?.ended?.reason).toBe('terminated');
      const extended = await step(ann, joined.ann!.gameId, 'act1');
      expect(extended.status).toBe(200);
      expect(extended.body.view?.ended).toBeNull();
    });

    it('shows a run its clock ended as ended on the scoreboard, though nothing was stored for it yet', async () => {
      const board = (
        await call<{ learners: (BoardLearner & { endedAt: string | null })[] }>(
          admin,
          'GET',
          `/admin/resim/${resimId}/instance/${instanceId}/scoreboard`,
        )
      ).body;
      const row = (nickname: string) => board.learners.find((learner) => learner.nickname === nickname)!;
      expect([row('Sam').endedAt, row('Sam').endReason]).toEqual(['2026-12-01T09:10:00.000Z', 'terminated']);
      expect([row('ann').endedAt, row('ann').endReason]).toEqual([null, null]);
    });

    it('marks the accommodated runs on the scoreboard and in its CSV, never on the presenter display', async () => {
      const board = (await call<{ learners: BoardLearner[] }>(admin, 'GET', `/admin/resim/${resimId}/instance/${instanceId}/scoreboard`))
        .body;
      const marks = Object.fromEntries(board.learners.map((learner) => [learner.nickname, learner.accommodation]));
      expect(marks).toEqual({ ann: '+50 % time', bea: '+50 % time and 5 min', cy: null, Sam: null });
      const csv = await call(admin, 'GET', `/admin/resim/${resimId}/instance/${instanceId}/scoreboard?output=csv`);
      const lines = csv.text.trimEnd().split('\r\n');
      const column = lines[0]!.split(',').indexOf('accommodation');
      expect(column).toBeGreaterThan(0);
      const cells = Object.fromEntries(lines.slice(1).map((line) => [line.split(',')[1], line.split(',')[column]]));
      // A cell starting with + is written so that no spreadsheet reads it as a formula.
      expect(cells).toEqual({ ann: "'+50 % time", bea: "'+50 % time and 5 min", cy: '', Sam: '' });
      const space = await call<{ rows: { resimId: string; nickname: string; accommodation: string | null }[] }>(
        admin,
        'GET',
        `/admin/space/${spaceId}/scoreboard?mode=opening`,
      );
      const spaceMarks = Object.fromEntries(
        space.body.rows.filter((row) => row.resimId === resimId).map((row) => [row.nickname, row.accommodation]),
      );
      expect(spaceMarks).toEqual(marks);
      const spaceCsv = (await call(admin, 'GET', `/admin/space/${spaceId}/scoreboard?mode=opening&output=csv`)).text.split('\r\n');
      const at = spaceCsv[0]!.split(',').indexOf('accommodation');
      expect(at).toBeGreaterThan(0);
      expect(spaceCsv.find((line) => line.includes(',ann,'))!.split(',')[at]).toBe("'+50 % time");
      const detail = (id: string) => call<{ accommodation: string | null }>(admin, 'GET', `/admin/resim/${resimId}/games/${id}`);
      expect((await detail(joined.ann!.gameId)).body.accommodation).toBe('+50 % time');
      expect((await detail(joined.cy!.gameId)).body.accommodation).toBeNull();
      const display = await call<{ learners: BoardLearner[] }>(admin, 'GET', `/presenter/resim/${resimId}/current`);
      expect(display.status).toBe(200);
      expect(display.body.learners).toHaveLength(4);
      expect(display.body.learners.map((learner) => learner.accommodation)).toEqual([null, null, null, null]);
      expect(display.text).not.toContain('% time');
    });

    it('refuses a Stop while learners with extra time are within their time, naming them; accommodated=end ends every run', async () => {
      const before = await t.snapshot();
      const refused = await control(resimId, 3);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        '2 learners with extra time are still within their time: ann, bea. ' +
          'Stop again with accommodated=spare to let them finish, or accommodated=end to end their runs too.',
      );
      expect((await control(resimId, 3, '?accommodated=later')).status).toBe(400);
      expect(await t.snapshot()).toBe(before);
      const ended = await control(resimId, 3, '?accommodated=end');
      expect(ended.status).toBe(200);
      expect(ended.body.resimStatus).toBe(3);
      await expect.poll(async () => (await snapshot(ann, joined.ann!.gameId)).view?.ended?.reason).toBe('stopped');
      expect((await snapshot(bea, joined.bea!.gameId)).view?.ended?.reason).toBe('stopped');
      expect((await snapshot(cy, joined.cy!.gameId)).view?.ended?.reason).toBe('terminated');
    });

    it('spares them: the other runs end, theirs go on with the session running, until the next Stop', async () => {
      now = new Date('2026-12-01T10:00:00.000Z');
      expect((await control(resimId, 0)).status).toBe(200);
      expect((await control(resimId, 1)).status).toBe(200);
      const code = (await call<{ code: string }>(admin, 'GET', `/admin/resim/${resimId}`)).body.code;
      const again: Record<string, Join> = {};
      for (const [name, who] of [
        ['ann', ann],
        ['bea', bea],
        ['cy', cy],
      ] as const)
        again[name] = (await call<Join>(who, 'POST', `/learn/join/${code}`, {})).body;
      again.sam = (await call<Join>(null, 'POST', `/learn/join/${code}`, { nickname: 'Sam' })).body;
      expect((await control(resimId, 2)).status).toBe(200);
      now = new Date('2026-12-01T10:05:00.000Z');
      expect((await control(resimId, 3)).status).toBe(409);

      const spared = await control(resimId, 3, '?accommodated=spare');
      expect(spared.status).toBe(200);
      expect(spared.body.resimStatus).toBe(2);
      // The Stop ends the other runs in the background, answered within its budget.
      await expect.poll(async () => (await snapshot(null, again.sam!.gameId, again.sam!.runToken)).view?.ended?.reason).toBe('stopped');
      expect((await snapshot(cy, again.cy!.gameId)).view?.ended?.reason).toBe('stopped');
      expect((await snapshot(ann, again.ann!.gameId)).view?.ended).toBeNull();
      const played = await step(bea, again.bea!.gameId, 'act1');
      expect(played.status).toBe(200);
      expect(played.body.view?.ended).toBeNull();
      expect((await step(null, again.sam.gameId, 'act1', again.sam.runToken)).status).toBe(409);
      // Nobody new joins a session being stopped.
      expect((await call(null, 'POST', `/learn/join/${code}`, { nickname: 'Late' })).status).toBe(409);

      const stopped = await control(resimId, 3);
      expect(stopped.status).toBe(200);
      expect(stopped.body.resimStatus).toBe(3);
      await expect.poll(async () => (await snapshot(ann, again.ann!.gameId)).view?.ended?.reason).toBe('stopped');
      expect((await snapshot(bea, again.bea!.gameId)).view?.ended?.reason).toBe('stopped');
    });
  });

  it("starts a lobby run that its learner's first step reaches before the Start does with the learner's allowance", async () => {
    const created = await newScenario(countdownScenario);
    expect((await control(created.id, 1)).status).toBe(200);
    const joined = (await call<Join>(ann, 'POST', `/learn/join/${created.code}`, {})).body;
    // A Start as another process makes it: the status set, the lobby not released yet.
    await t.db.updateTable('resims').set({ status: 2 }).where('id', '=', created.id).execute();
    const first = await step(ann, joined.gameId, 'act1');
    expect(first.status).toBe(200);
    expect(first.body.allowance).toEqual({ untimed: false, extraSeconds: 300 });
    expect((await stateOf(joined.gameId)).allowance).toEqual({ untimed: false, extraPercent: 50, extraSeconds: 0 });
  });

  describe('a scheduled self-paced scenario', () => {
    let code: string;

    beforeAll(async () => {
      now = new Date('2026-12-02T10:00:00.000Z');
      const created = await newScenario({
        ...countdownScenario,
        details: {
          ...countdownScenario.details,
          mode: 2,
          scheduleStart: '2026-12-02T09:00:00.000Z',
          scheduleEnd: '2026-12-02T17:00:00.000Z',
        },
      });
      code = created.code;
      expect((await control(created.id, 2)).status).toBe(200);
    });

    it('starts a run joined while open with the learner’s allowance', async () => {
      const joined = await call<Join>(ann, 'POST', `/learn/join/${code}`, {});
      expect(joined.status).toBe(201);
      expect((await stateOf(joined.body.gameId)).allowance).toEqual({ untimed: false, extraPercent: 50, extraSeconds: 0 });
    });

    it('keeps the window open later for a learner whose accommodation extends it, and for no one else', async () => {
      const annGame = (await call<Join>(ann, 'POST', `/learn/join/${code}`, {})).body.gameId;
      now = new Date('2026-12-02T17:30:00.000Z');
      const late = await call<Join>(bea, 'POST', `/learn/join/${code}`, {});
      expect(late.status).toBe(201);
      expect((await step(bea, late.body.gameId, 'act1')).status).toBe(200);
      const refused = await call<Problem>(cy, 'POST', `/learn/join/${code}`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This simulation closed at 2026-12-02 17:00 UTC');
      // Ann's own accommodation gives no later close: hers wins over her tag's.
      const annStep = await step(ann, annGame, 'act1');
      expect(annStep.status).toBe(409);
      expect(annStep.body.message).toBe('This simulation closed at 2026-12-02 17:00 UTC');

      now = new Date('2026-12-02T18:00:00.000Z');
      const closed = await step(bea, late.body.gameId, 'act2');
      expect(closed.status).toBe(409);
      expect(closed.body.message).toBe('This simulation closed at 2026-12-02 18:00 UTC');
    });
  });
});
