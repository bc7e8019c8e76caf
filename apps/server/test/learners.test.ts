import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxLearnersPerRequest } from '@resim/contracts';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Learner = { email: string; tags: string[]; invited: string | null; reminded: string | null; resims: string[] };
type Problem = { code: string; message: string };

describe.each(dialects)('learners and allocations on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let outsider: TestUser;
  let reader: TestUser;
  let spaceId: string;
  let otherSpaceId: string;
  let resimA: string;
  let resimB: string;
  let foreignResim: string;

  const call = async <T>(who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const learners = async () => (await call<Learner[]>(admin, 'GET', `/admin/space/${spaceId}/learner`)).body;
  const newResim = async (groupId: string) => (await call<{ id: string }>(admin, 'POST', '/admin/resim/new', { groupId })).body.id;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.user('admin@example.test');
    outsider = await t.user('outsider@example.test');
    reader = await t.user('reader@example.test');
    spaceId = (await call<{ id: string }>(admin, 'POST', '/admin/space', { description: 'Haematology cohort' })).body.id;
    otherSpaceId = (await call<{ id: string }>(admin, 'POST', '/admin/space', { description: 'Other' })).body.id;
    resimA = await newResim(spaceId);
    resimB = await newResim(spaceId);
    foreignResim = await newResim(otherSpaceId);
  });
  afterAll(() => t.close());

  it('answers an empty list for a space without learners, and 404 to outsiders on every route', async () => {
    expect((await call(admin, 'GET', `/admin/space/${spaceId}/learner`)).body).toEqual([]);
    expect((await call(admin, 'GET', `/admin/space/${spaceId}/allocation`)).body).toEqual([]);
    const before = await t.snapshot();
    const learner = { learners: ['ann@example.test'] };
    for (const [method, path, body] of [
      ['GET', 'learner', undefined],
      ['POST', 'learner', { tags: [], notify: false, learners: [{ email: 'ann@example.test' }] }],
      ['PATCH', 'learner', { ...learner, tags: ['x'] }],
      ['DELETE', 'learner', learner],
      ['POST', 'learner/remind', learner],
      ['GET', 'allocation', undefined],
      ['POST', 'allocation', { ...learner, resims: [resimA] }],
      ['DELETE', 'allocation', { ...learner, resims: [resimA] }],
    ] as const) {
      const answer = await call<Problem>(outsider, method, `/admin/space/${spaceId}/${path}`, body);
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('adds learners with their emails normalised, duplicates merged and tags', async () => {
    const added = await call(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      tags: ['cohort1', ' night '],
      notify: false,
      learners: [{ email: ' Ann@Example.TEST ' }, { email: 'bob@example.test' }, { email: 'ann@example.test' }],
    });
    expect(added).toEqual({ status: 201, body: { added: 2, merged: 1, notified: 0 } });
    expect(await learners()).toMatchObject([
      { email: 'ann@example.test', tags: ['cohort1', 'night'], invited: null, resims: [] },
      { email: 'bob@example.test', tags: ['cohort1', 'night'] },
    ]);

    const again = await call(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      tags: ['cohort2'],
      learners: [{ email: 'bob@example.test' }, { email: 'cy@example.test' }],
    });
    expect(again.body).toEqual({ added: 1, merged: 1, notified: 0 });
    const byEmail = new Map((await learners()).map((entry) => [entry.email, entry]));
    expect(byEmail.get('bob@example.test')?.tags).toEqual(['cohort1', 'night', 'cohort2']);
    expect(byEmail.get('cy@example.test')?.tags).toEqual(['cohort2']);
  });

  it('gives each learner their own tags beside those for all, a learner named twice the tags of both', async () => {
    const cohort = (await call<{ id: string }>(admin, 'POST', '/admin/space', { description: 'CSV cohort' })).body.id;
    const list = async () => (await call<Learner[]>(admin, 'GET', `/admin/space/${cohort}/learner`)).body;
    await call(admin, 'POST', `/admin/space/${cohort}/learner`, { learners: [{ email: 'old@example.test', tags: ['before'] }] });

    const added = await call(admin, 'POST', `/admin/space/${cohort}/learner`, {
      tags: ['all'],
      learners: [
        { email: 'ann@example.test', tags: ['night', ' lead '] },
        { email: 'bob@example.test' },
        { email: 'ANN@example.test', tags: ['week1'] },
        { email: 'old@example.test', tags: ['after'] },
      ],
    });
    expect(added.body).toEqual({ added: 2, merged: 2, notified: 0 });
    expect((await list()).map(({ email, tags }) => ({ email, tags }))).toEqual([
      { email: 'ann@example.test', tags: ['all', 'night', 'lead', 'week1'] },
      { email: 'bob@example.test', tags: ['all'] },
      { email: 'old@example.test', tags: ['before', 'all', 'after'] },
    ]);
    const tooLong = await call(admin, 'POST', `/admin/space/${cohort}/learner`, {
      learners: [{ email: 'cy@example.test', tags: ['x'.repeat(41)] }],
    });
    expect(tooLong.status).toBe(400);
  });

  it('refuses bad emails, oversize lists and bad tags, naming the problem and storing nothing', async () => {
    const before = await t.snapshot();
    const one = await call<Problem>(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      tags: [],
      notify: false,
      learners: [{ email: 'dee@example.test' }, { email: 'not-an-email' }],
    });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('"not-an-email" (learners[1]) is not an email address; nothing was saved');

    const many = await call<Problem>(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      learners: [{ email: 'a@' }, { email: 'ok@example.test' }, { email: '@b' }],
    });
    expect(many.body.message).toMatch(/^2 entries are not email addresses: "a@" \(learners\[0\]\), "@b" \(learners\[2\]\)/);

    const oversize = await call<Problem>(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      learners: Array.from({ length: maxLearnersPerRequest + 1 }, (_, at) => ({ email: `l${at}@example.test` })),
    });
    expect(oversize.status).toBe(400);
    expect(oversize.body.message).toMatch(/at most 10,000 learners/);
    expect((await call(admin, 'POST', `/admin/space/${spaceId}/learner`, { learners: [] })).status).toBe(400);
    expect(
      (await call(admin, 'POST', `/admin/space/${spaceId}/learner`, { tags: ['x'.repeat(41)], learners: [{ email: 'e@example.test' }] }))
        .status,
    ).toBe(400);
    expect((await call(admin, 'PATCH', `/admin/space/${spaceId}/learner`, { learners: ['bad'], tags: [] })).status).toBe(400);
    expect(await t.snapshot()).toBe(before);
  });

  it('sets, adds and removes tags of the learners named, refusing unknown learners', async () => {
    const set = await call(admin, 'PATCH', `/admin/space/${spaceId}/learner`, { learners: ['ann@example.test'], tags: ['lead'] });
    expect(set).toEqual({ status: 200, body: { count: 1 } });
    await call(admin, 'PATCH', `/admin/space/${spaceId}/learner`, {
      learners: ['ann@example.test', 'bob@example.test'],
      tags: ['week1'],
      mode: 'add',
    });
    await call(admin, 'PATCH', `/admin/space/${spaceId}/learner`, { learners: ['bob@example.test'], tags: ['night'], mode: 'remove' });
    const byEmail = new Map((await learners()).map((entry) => [entry.email, entry.tags]));
    expect(byEmail.get('ann@example.test')).toEqual(['lead', 'week1']);
    expect(byEmail.get('bob@example.test')).toEqual(['cohort1', 'cohort2', 'week1']);

    const before = await t.snapshot();
    const unknown = await call<Problem>(admin, 'PATCH', `/admin/space/${spaceId}/learner`, {
      learners: ['ann@example.test', 'zed@example.test'],
      tags: ['x'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Not learners of this space: zed@example.test; add them first (nothing was changed)');
    expect(await t.snapshot()).toBe(before);
  });

  it('allocates scenarios of the space only, to its learners only', async () => {
    const before = await t.snapshot();
    const foreign = await call<Problem>(admin, 'POST', `/admin/space/${spaceId}/allocation`, {
      learners: ['ann@example.test'],
      resims: [resimA, foreignResim],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`Not scenarios of this space: ${foreignResim}; nothing was changed`);
    const stranger = await call<Problem>(admin, 'POST', `/admin/space/${spaceId}/allocation`, {
      learners: ['nobody@example.test'],
      resims: [resimA],
    });
    expect(stranger.status).toBe(400);
    expect(
      (await call(admin, 'POST', `/admin/space/${spaceId}/allocation`, { learners: ['ann@example.test'], resims: Array(101).fill(resimA) }))
        .status,
    ).toBe(400);
    expect(await t.snapshot()).toBe(before);

    const given = await call(admin, 'POST', `/admin/space/${spaceId}/allocation`, {
      learners: ['ann@example.test', 'bob@example.test'],
      resims: [resimA, resimB],
    });
    expect(given).toEqual({ status: 201, body: { count: 4 } });
    // Allocating again changes nothing.
    expect(
      (await call(admin, 'POST', `/admin/space/${spaceId}/allocation`, { learners: ['ann@example.test'], resims: [resimA] })).status,
    ).toBe(201);
    const list = (await call<{ email: string; resimId: string }[]>(admin, 'GET', `/admin/space/${spaceId}/allocation`)).body;
    expect(list.map((entry) => `${entry.email} ${entry.resimId}`).sort()).toEqual(
      [`ann@example.test ${resimA}`, `ann@example.test ${resimB}`, `bob@example.test ${resimA}`, `bob@example.test ${resimB}`].sort(),
    );
    expect((await learners()).find((entry) => entry.email === 'ann@example.test')?.resims.sort()).toEqual([resimA, resimB].sort());

    const taken = await call(admin, 'DELETE', `/admin/space/${spaceId}/allocation`, { learners: ['bob@example.test'], resims: [resimB] });
    expect(taken).toEqual({ status: 200, body: { count: 1 } });
    expect((await call<unknown[]>(admin, 'GET', `/admin/space/${spaceId}/allocation`)).body).toHaveLength(3);
  });

  it('lists a signed-in learner’s allocated scenarios and lets them join past the restriction patterns', async () => {
    const ann = await t.user('ann@example.test');
    await call(admin, 'PATCH', `/admin/resim/${resimA}`, sessionScenario);
    await call(admin, 'POST', `/admin/control/${resimA}/1`);
    const mine = await call<{ resimId: string; allocated: boolean; gameId: string | null; code: string }[]>(ann, 'GET', '/learn/mine');
    expect(mine.body.map((entry) => entry.resimId).sort()).toEqual([resimA, resimB].sort());
    expect(mine.body.every((entry) => entry.allocated && entry.gameId === null)).toBe(true);
    // sessionScenario admits *@hospital.test only; ann was given the scenario.
    const code = mine.body.find((entry) => entry.resimId === resimA)!.code;
    const joined = await call<{ gameId: string }>(ann, 'POST', `/learn/join/${code}`, {});
    expect(joined.status).toBe(201);
    const cy = await t.user('cy@example.test');
    expect((await call(cy, 'POST', `/learn/join/${code}`, {})).status).toBe(403);

    // Once played to its end, the list gives the learner their result.
    type Mine = { resimId: string; gameId: string | null; ended: boolean; endedAt: string | null; points: number | null };
    const played = async () => (await call<Mine[]>(ann, 'GET', '/learn/mine')).body.find((entry) => entry.resimId === resimA)!;
    expect(await played()).toMatchObject({ gameId: joined.body.gameId, ended: false, endedAt: null, points: null });
    await call(admin, 'POST', `/admin/control/${resimA}/2`);
    expect((await call(ann, 'POST', `/learn/game/${joined.body.gameId}/event`, { type: 'end' })).status).toBe(200);
    expect(await played()).toMatchObject({ ended: true, endedAt: expect.any(String), points: 0 });
  });

  it('reminds learners named, refusing unknown ones', async () => {
    const before = await t.snapshot();
    expect((await call(admin, 'POST', `/admin/space/${spaceId}/learner/remind`, { learners: ['nobody@example.test'] })).status).toBe(400);
    expect(await t.snapshot()).toBe(before);
    const reminded = await call(admin, 'POST', `/admin/space/${spaceId}/learner/remind`, { learners: ['Bob@example.test'] });
    expect(reminded).toEqual({ status: 202, body: { count: 1 } });
    expect((await learners()).find((entry) => entry.email === 'bob@example.test')?.reminded).toEqual(expect.any(String));
    // Bob has no password yet: beside the reminder, an email of his own holds the link to choose one.
    const queued = await t.db.selectFrom('outbox').select(['subject', 'space_id']).where('to_address', '=', 'bob@example.test').execute();
    expect(queued).toEqual(
      expect.arrayContaining([
        { subject: 'Reminder: simulations are waiting for you in Haematology cohort', space_id: spaceId },
        { subject: 'Choose your Resim password', space_id: null },
      ]),
    );
    expect(queued).toHaveLength(2);
  });

  it('invites learners added with notify', async () => {
    const added = await call(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      tags: [],
      notify: true,
      learners: [{ email: 'dee@example.test' }, { email: 'eve@example.test' }],
    });
    expect(added.body).toEqual({ added: 2, merged: 0, notified: 2 });
    const queued = await t.db
      .selectFrom('outbox')
      .select(['to_address', 'subject'])
      .where('to_address', 'in', ['dee@example.test', 'eve@example.test'])
      .execute();
    // Each new account also gets the link to choose its password, in an email of its own.
    expect(queued.map((row) => `${row.to_address}: ${row.subject}`).sort()).toEqual([
      'dee@example.test: Choose your Resim password',
      'dee@example.test: You are invited to Haematology cohort in Resim',
      'eve@example.test: Choose your Resim password',
      'eve@example.test: You are invited to Haematology cohort in Resim',
    ]);
    expect((await learners()).find((entry) => entry.email === 'dee@example.test')?.invited).toEqual(expect.any(String));
  });

  it('invites and reminds an address with an account exactly as one without, as an editor reads them in the outbox; only the address without a password gets a link to choose one', async () => {
    const space = (await call<{ id: string }>(admin, 'POST', '/admin/space', { description: 'Outbox cohort' })).body.id;
    const resim = await newResim(space);
    const editor = await t.user('editor@example.test');
    await call(admin, 'POST', `/admin/space/${space}/user`, { email: 'editor@example.test' });
    await t.user('known@example.test');
    const addresses = ['known@example.test', 'unknown@example.test'];
    const named = addresses.map((email) => ({ email }));
    expect((await call(admin, 'POST', `/admin/space/${space}/learner`, { tags: [], notify: true, learners: named })).body).toMatchObject({
      notified: 2,
    });
    await call(admin, 'POST', `/admin/space/${space}/allocation`, { learners: addresses, resims: [resim] });
    expect((await call(admin, 'POST', `/admin/space/${space}/learner/remind`, { learners: addresses })).status).toBe(202);

    type Message = { to: string; subject: string; text: string; html: string | null; sender: string | null; spaceId: string | null };
    for (const reader of [admin, editor]) {
      const shown = (await call<{ messages: Message[] }>(reader, 'GET', '/admin/outbox?limit=100')).body.messages;
      const sentTo = (to: string) =>
        shown
          .filter((message) => message.to === to)
          .map(({ subject, text, html, sender, spaceId }) =>
            JSON.stringify({ subject, text, html, sender, spaceId }).replaceAll(to, 'ADDRESS'),
          )
          .sort();
      expect(sentTo('unknown@example.test')).toEqual(sentTo('known@example.test'));
      expect(sentTo('known@example.test').map((message) => JSON.parse(message) as Message)).toEqual([
        expect.objectContaining({ subject: 'Reminder: simulations are waiting for you in Outbox cohort', sender: 'admin@example.test' }),
        expect.objectContaining({
          subject: 'You are invited to Outbox cohort in Resim',
          text: expect.stringContaining('Sign in here to see your simulations: http://localhost:8080/play') as string,
        }),
      ]);
    }

    // The links to choose a password go in emails of no one's and no space's, which the outbox shows to developers alone.
    const private_ = await t.db
      .selectFrom('outbox')
      .select(['to_address', 'sender_id', 'space_id', 'subject', 'text_body'])
      .where('to_address', 'in', addresses)
      .where('space_id', 'is', null)
      .execute();
    expect(private_.map((message) => [message.to_address, message.sender_id, message.subject])).toEqual([
      ['unknown@example.test', null, 'Choose your Resim password'],
      ['unknown@example.test', null, 'Choose your Resim password'],
    ]);
    expect(private_.map((message) => message.text_body.split('\n')[0]).sort()).toEqual([
      'admin@example.test has invited you to take part in the simulations of "Outbox cohort" in Resim. Your account there has no password yet.',
      'admin@example.test has reminded you of the simulations waiting for you in "Outbox cohort" in Resim. Your account there has no password yet.',
    ]);
    for (const message of private_) expect(message.text_body).toMatch(/\/account\/reset\/[\w-]{20,}/);
  });

  it('removes learners with their allocations, refusing unknown ones', async () => {
    const before = await t.snapshot();
    expect(
      (await call(admin, 'DELETE', `/admin/space/${spaceId}/learner`, { learners: ['ann@example.test', 'ghost@example.test'] })).status,
    ).toBe(400);
    expect(await t.snapshot()).toBe(before);
    expect(await call(admin, 'DELETE', `/admin/space/${spaceId}/learner`, { learners: ['ann@example.test'] })).toEqual({
      status: 200,
      body: { count: 1 },
    });
    expect((await learners()).map((entry) => entry.email)).not.toContain('ann@example.test');
    const list = (await call<{ email: string; resimId: string }[]>(admin, 'GET', `/admin/space/${spaceId}/allocation`)).body;
    expect(list.map((entry) => `${entry.email} ${entry.resimId}`)).toEqual([`bob@example.test ${resimA}`]);
  });

  it('lets members read but not change learners when the space does not allow editing', async () => {
    await call(admin, 'POST', `/admin/space/${spaceId}/user`, { email: 'reader@example.test' });
    await t.app.inject({ method: 'PUT', url: `/admin/space/${spaceId}/security`, headers: admin.auth, payload: { canEdit: false } });
    expect((await call(reader, 'GET', `/admin/space/${spaceId}/learner`)).status).toBe(200);
    const refused = await call<Problem>(reader, 'POST', `/admin/space/${spaceId}/learner`, { learners: [{ email: 'x@example.test' }] });
    expect(refused.status).toBe(403);
  });

  it('ends a removed user’s access at once, on the very next request', async () => {
    expect((await call(reader, 'GET', `/admin/space/${spaceId}/allocation`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/admin/space/${spaceId}/user/${reader.user.id}`)).status).toBe(200);
    expect((await call(reader, 'GET', `/admin/space/${spaceId}/allocation`)).status).toBe(404);
    expect((await call(reader, 'GET', `/admin/space/${spaceId}/learner`)).status).toBe(404);
  });
});
