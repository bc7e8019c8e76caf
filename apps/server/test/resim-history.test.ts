import { scenarioContent } from '@resim/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentJsonAt, snapshotInterval } from '../src/modules/resim-history/version-store';
import { createScenarioOf, createTestApp, dialects, type TestApp, type TestUser } from './harness';
import diffFixture from './fixtures/history-diff.json';

type Item = { id: string; name: string } & Record<string, unknown>;
type Lists = { actions: Item[]; conclusions: Item[]; measures: Item[]; infos: Item[]; stages: Item[] };

/** A scenario of 1,000 items: 20 stages, 50 measures, 600 actions, 200 conclusions and 130 infos that refer to each other. */
const largeScenario = (): Lists => ({
  stages: Array.from({ length: 20 }, (_, i) => ({ id: `stg${i + 1}`, name: `Stage ${i}`, default: i === 0 })),
  measures: Array.from({ length: 50 }, (_, i) => ({ id: `measure${i + 1}`, name: `Measure ${i}`, type: 1, initial: 100 + i })),
  actions: Array.from({ length: 600 }, (_, i) => ({
    id: `act${i + 1}`,
    name: `Test ${i}`,
    stage: `stg${(i % 20) + 1}`,
    feedback: `The result of test ${i} is within the reference range for this patient.`,
    impact: [{ measureId: `measure${(i % 50) + 1}`, value: -(i % 7) }],
    ...(i % 10 === 9 ? { requiredActions: { all: [`act${i}`], any: [], none: [] } } : {}),
  })),
  conclusions: Array.from({ length: 200 }, (_, i) => ({
    id: `conc${i + 1}`,
    name: `Diagnosis ${i}`,
    feedback: `Diagnosis ${i} explains the findings only in part.`,
    requiredActions: { all: [], any: [`act${i + 1}`, `act${i + 2}`], none: [] },
  })),
  infos: Array.from({ length: 130 }, (_, i) => ({ id: `info${i + 1}`, name: `Info ${i}`, text: `Vital signs at step ${i} are stable.` })),
});

/** A deterministic sequence of numbers in [0, 1), so a failure replays. */
const sequence = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** The actions the edits add, numbered after the first 1,000 ids. */
const isNew = (action: Item) => Number(action.id.slice(3)) > 1000;

/** One author's edit of the lists: the PATCH body that sends what it changed. */
const edit = (lists: Lists, random: () => number, step: number): Record<string, unknown> => {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const kind = Math.floor(random() * 8);
  if (kind === 0) {
    pick(lists.actions).name = `Test renamed ${step}`;
    return { actions: lists.actions };
  }
  if (kind === 1) {
    lists.actions.splice(Math.floor(random() * lists.actions.length), 0, { id: `act${1000 + step}`, name: `New test ${step}` });
    return { actions: lists.actions };
  }
  if (kind === 2) {
    const added = lists.actions.findIndex(isNew);
    if (added >= 0) lists.actions.splice(added, 1);
    else pick(lists.conclusions).feedback = `Reworded at ${step}`;
    return added >= 0 ? { actions: lists.actions } : { conclusions: lists.conclusions };
  }
  if (kind === 3) {
    const [moved] = lists.actions.splice(Math.floor(random() * lists.actions.length), 1);
    lists.actions.splice(Math.floor(random() * lists.actions.length), 0, moved!);
    return { actions: lists.actions };
  }
  if (kind === 4) return { details: { resimName: `Chest pain ${step}`, description: `Revised ${step}` } };
  if (kind === 5) return { details: { answers: { actions: [pick(lists.actions.filter((action) => !isNew(action))).id] } } };
  if (kind === 6) {
    pick(lists.measures).initial = step;
    return { measures: lists.measures };
  }
  pick(lists.infos).text = `Vital signs changed at save ${step}.`;
  return { infos: lists.infos };
};

/** The bytes the history's table holds: its pages on SQLite, its relation with TOAST and index on PostgreSQL. */
const storedBytes = async (t: TestApp): Promise<number> => {
  if (t.dialect === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`select pg_total_relation_size('scenario_versions') as bytes`.execute(t.db);
    return Number(rows[0]!.bytes);
  }
  const { rows } = await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat where name like '%scenario_versions%'`.execute(
    t.db,
  );
  return Number(rows[0]!.bytes);
};

describe.each(dialects)('scenario history on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, who = author) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** Saves `body` and answers the content JSON the server kept, as its schema reads it. */
  const save = async (id: string, body: Record<string, unknown>): Promise<{ revision: number; json: string }> => {
    const response = await call('PATCH', `/admin/resim/${id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ revision: number }>();
    return { revision: saved.revision, json: JSON.stringify(scenarioContent.parse(saved)) };
  };

  it('keeps every one of 200 saves of a 1,000-item scenario restorable byte for byte', { timeout: 300_000 }, async () => {
    const lists = largeScenario();
    const id = await createScenarioOf(t, author);
    const saved = new Map<number, string>();
    const first = await save(id, { details: { resimName: 'Chest pain' }, ...lists });
    saved.set(first.revision, first.json);
    const random = sequence(7);
    for (let step = 1; step < 200; step += 1) {
      const next = await save(id, edit(lists, random, step));
      saved.set(next.revision, next.json);
    }
    expect(saved.size).toBe(200);
    for (const [revision, json] of saved) expect(await contentJsonAt(t.db, id, revision), `revision ${revision}`).toBe(json);

    // Over the API too, for a version in every stretch between snapshots.
    for (const revision of [1, snapshotInterval - 1, snapshotInterval, 2 * snapshotInterval + 7, 200]) {
      const response = await call('GET', `/admin/resim/${id}/history/${revision}`);
      expect(response.statusCode).toBe(200);
      expect(JSON.stringify(response.json<{ content: unknown }>().content)).toBe(saved.get(revision));
    }
    const snapshots = await t.db
      .selectFrom('scenario_versions')
      .select('revision')
      .where('resim_id', '=', id)
      .where('is_snapshot', '=', 1)
      .orderBy('revision')
      .execute();
    expect(snapshots.map((row) => row.revision)).toEqual([0, 50, 100, 150, 200]);
  });

  it('keeps the history of 1,000 saves of a 1,000-item scenario under 10 MB', { timeout: 600_000 }, async () => {
    const lists = largeScenario();
    const id = await createScenarioOf(t, author);
    await save(id, { details: { resimName: 'Chest pain' }, ...lists });
    const random = sequence(11);
    for (let step = 1; step < 1000; step += 1) await save(id, edit(lists, random, step));
    const versions = await t.db.selectFrom('scenario_versions').select('revision').where('resim_id', '=', id).execute();
    expect(versions).toHaveLength(1001);
    const bytes = await storedBytes(t);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(10 * 1_048_576);
  });

  it('lists saves newest first a page at a time with their author, time and what they changed', async () => {
    const id = await createScenarioOf(t, author);
    await save(id, { actions: [{ id: 'act1', name: 'CBC' }] });
    await save(id, {
      actions: [
        { id: 'act1', name: 'Full blood count' },
        { id: 'act2', name: 'ECG' },
      ],
    });
    await save(id, { details: { resimName: 'Anaemia' } });
    const page = await call('GET', `/admin/resim/${id}/history?limit=2`);
    expect(page.statusCode).toBe(200);
    const body = page.json<{ versions: { revision: number; itemsChanged: number }[]; next: number | null }>();
    expect(body.versions.map((version) => version.revision)).toEqual([3, 2]);
    expect(body.versions[1]).toMatchObject({
      author: 'author@example.test',
      authorId: author.user.id,
      name: null,
      restoredFrom: null,
      itemsChanged: 2,
      items: [
        { part: 'actions', id: 'act1', name: 'Full blood count', change: 'changed' },
        { part: 'actions', id: 'act2', name: 'ECG', change: 'added' },
      ],
      fields: [],
      savedAt: expect.any(String),
    });
    expect(body.versions[0]).toMatchObject({ itemsChanged: 0, fields: ['resimName'] });
    const rest = (await call('GET', `/admin/resim/${id}/history?limit=2&before=${body.next}`)).json<typeof body>();
    expect(rest.versions.map((version) => version.revision)).toEqual([1, 0]);
    expect(rest.next).toBeNull();
  });

  it('writes no version when a save is refused', async () => {
    const id = await createScenarioOf(t, author);
    await save(id, { actions: [{ id: 'act1', name: 'CBC' }] });
    const stale = await call('PATCH', `/admin/resim/${id}`, { revision: 0, actions: [] });
    expect(stale.statusCode).toBe(409);
    const invalid = await call('PATCH', `/admin/resim/${id}`, { actions: [{ id: 'x', name: 'X', stage: 'nowhere' }] });
    expect(invalid.statusCode).toBe(400);
    const versions = await t.db.selectFrom('scenario_versions').select('revision').where('resim_id', '=', id).execute();
    expect(versions.map((row) => row.revision).sort()).toEqual([0, 1]);
  });

  it('keeps the content saved before history began as the first version of a scenario', async () => {
    const id = await createScenarioOf(t, author);
    await save(id, { actions: [{ id: 'act1', name: 'CBC' }] });
    // As a scenario saved before the history's table existed.
    await t.db.deleteFrom('scenario_versions').where('resim_id', '=', id).execute();
    const next = await save(id, { actions: [{ id: 'act1', name: 'Full blood count' }] });
    const before = await call('GET', `/admin/resim/${id}/history/1`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ version: { author: '', revision: 1 }, content: { actions: [{ id: 'act1', name: 'CBC' }] } });
    expect(JSON.stringify((await call('GET', `/admin/resim/${id}/history/2`)).json<{ content: unknown }>().content)).toBe(next.json);
    expect((await call('GET', `/admin/resim/${id}/history/0`)).statusCode).toBe(404);
  });

  it('answers 404 naming the revision for a version it does not hold, and 400 for a revision that is not a number', async () => {
    const id = await createScenarioOf(t, author);
    const missing = await call('GET', `/admin/resim/${id}/history/9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe("The scenario's history holds no version 9");
    const words = await call('GET', `/admin/resim/${id}/history/latest`);
    expect(words.statusCode).toBe(400);
    expect(words.json<{ message: string }>().message).toMatch(/revision/);
    expect((await call('GET', `/admin/resim/no-such-id/history/0`)).statusCode).toBe(404);
  });

  it('describes what changed between two versions in words, item by item', async () => {
    const id = await createScenarioOf(t, author);
    await save(id, {
      details: { resimName: 'Anaemia', answers: { actions: ['act1'] } },
      measures: [{ id: 'measure1', name: 'Cost', type: 1, initial: 0 }],
      actions: [
        { id: 'act1', name: 'CBC', feedback: 'Hb 9.1 g/dL', impact: [{ measureId: 'measure1', value: 10 }] },
        { id: 'act2', name: 'ECG' },
        { id: 'act3', name: 'Chest X-ray' },
      ],
      conclusions: [{ id: 'conc1', name: 'Iron deficiency', requiredActions: { all: ['act1'], any: [], none: [] } }],
    });
    await save(id, {
      details: { resimName: 'Anaemia in pregnancy', answers: { actions: ['act1', 'act4'], harmfulActions: ['act3'] } },
      measures: [{ id: 'measure1', name: 'Cost', type: 1, initial: 500 }],
      actions: [
        {
          id: 'act1',
          name: 'Full blood count',
          feedback: 'Hb 9.1 g/dL',
          impact: [{ measureId: 'measure1', value: 12 }],
          factImages: [{ id: 'img', url: 'https://media.example.test/smear.png', description: 'Blood smear' }],
        },
        { id: 'act3', name: 'Chest X-ray' },
        { id: 'act4', name: 'Ferritin', stage: null },
      ],
      conclusions: [{ id: 'conc1', name: 'Iron deficiency', requiredActions: { all: ['act1', 'act4'], any: [], none: [] } }],
    });
    const diff = await call('GET', `/admin/resim/${id}/history/diff?from=1&to=2`);
    expect(diff.statusCode).toBe(200);
    expect(diff.json()).toEqual(diffFixture);

    const back = (await call('GET', `/admin/resim/${id}/history/diff?from=2&to=1`)).json<{ changes: { words: string }[] }>();
    expect(back.changes.map((change) => change.words)).toContain('Added action “ECG”');
    const same = (await call('GET', `/admin/resim/${id}/history/diff?from=2&to=2`)).json();
    expect(same).toEqual({ from: 2, to: 2, changes: [], reordered: [] });
    const unknown = await call('GET', `/admin/resim/${id}/history/diff?from=1&to=7`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe("The scenario's history holds no version 7");
    const incomplete = await call('GET', `/admin/resim/${id}/history/diff?from=1`);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<{ message: string }>().message).toMatch(/to/);
  });

  it('restores a version as a new save through the checks of a save, never rewriting history', async () => {
    const id = await createScenarioOf(t, author);
    const first = await save(id, { actions: [{ id: 'act1', name: 'CBC' }] });
    await save(id, {
      actions: [
        { id: 'act1', name: 'Full blood count' },
        { id: 'act2', name: 'ECG' },
      ],
    });
    const stale = await call('POST', `/admin/resim/${id}/history/1/restore`, { revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', current: { revision: 2 } });

    const restored = await call('POST', `/admin/resim/${id}/history/1/restore`, { revision: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    expect(restored.json()).toMatchObject({ revision: 3, actions: [{ id: 'act1', name: 'CBC' }] });
    expect(JSON.stringify(scenarioContent.parse(restored.json()))).toBe(first.json);
    const newest = (await call('GET', `/admin/resim/${id}/history?limit=1`)).json<{ versions: unknown[] }>().versions[0];
    expect(newest).toMatchObject({
      revision: 3,
      restoredFrom: 1,
      items: [
        { id: 'act1', change: 'changed' },
        { id: 'act2', change: 'removed' },
      ],
    });
    const second = (await call('GET', `/admin/resim/${id}/history/2`)).json<{ content: { actions: unknown[] } }>();
    expect(second.content.actions).toHaveLength(2);
    expect((await call('POST', `/admin/resim/${id}/history/8/restore`, {})).statusCode).toBe(404);
  });

  it('records the revision each opening ran, and says it of every run in the results', async () => {
    const id = await createScenarioOf(t, author);
    await save(id, { details: { mode: 1, allowAnonymous: true }, actions: [{ id: 'act1', name: 'CBC' }] });
    const opened = await call('POST', `/admin/control/${id}/1`);
    expect(opened.statusCode, opened.body).toBe(200);
    const { code, instances } = opened.json<{ code: string; instances: { id: string; revision: number }[] }>();
    expect(instances).toEqual([{ id: expect.any(String), created: expect.any(String), revision: 1 }]);
    const joined = await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname: 'Sam' } });
    expect(joined.statusCode, joined.body).toBe(201);
    const games = await call('GET', `/admin/resim/${id}/games`);
    expect(games.json()).toEqual([expect.objectContaining({ nickname: 'Sam', instanceId: instances[0]!.id, revision: 1 })]);
  });

  it('gives each opening on the dashboard the version it ran and the most points a run of that version can reach', async () => {
    const id = await createScenarioOf(t, author);
    const points = (value: number) => [{ measureId: 'points', value }];
    await save(id, {
      details: { mode: 1, allowAnonymous: true },
      measures: [{ id: 'points', name: 'Points', initial: 0 }],
      actions: [
        { id: 'act1', name: 'CBC', impact: points(10) },
        { id: 'act2', name: 'Ferritin', impact: points(5) },
      ],
    });
    for (const status of [1, 0]) expect((await call('POST', `/admin/control/${id}/${status}`)).statusCode).toBe(200);
    await save(id, { actions: [{ id: 'act1', name: 'CBC', impact: points(30) }] });
    expect((await call('POST', `/admin/control/${id}/1`)).statusCode).toBe(200);

    const dashboard = (await call('GET', `/admin/resim/${id}/dashboard`)).json<{
      instances: { revision: number | null; mostPoints: unknown }[];
    }>();
    expect(dashboard.instances.map(({ revision, mostPoints }) => ({ revision, mostPoints }))).toEqual([
      { revision: 2, mostPoints: { value: 30, kind: 'exact' } },
      { revision: 1, mostPoints: { value: 15, kind: 'exact' } },
    ]);
  });

  it('exports a scenario with its history when asked, and an import keeps it', async () => {
    const id = await createScenarioOf(t, author);
    await save(id, { actions: [{ id: 'act1', name: 'CBC' }] });
    await save(id, {
      actions: [
        { id: 'act1', name: 'Full blood count' },
        { id: 'act2', name: 'ECG' },
      ],
    });
    await call('PUT', `/admin/resim/${id}/history/1/name`, { name: 'March exam' });
    await call('POST', `/admin/resim/${id}/history/1/restore`, {});
    const spaceId = (await call('GET', `/admin/resim/${id}`)).json<{ group: string }>().group;

    const plain = (await call('POST', '/admin/export', { ids: [id] })).json<Record<string, unknown>>();
    expect(plain).not.toHaveProperty('histories');
    const file = (await call('POST', '/admin/export', { ids: [id], history: true })).json<{ histories: { revision: number }[][] }>();
    expect(file.histories[0]!.map((version) => version.revision)).toEqual([0, 1, 2, 3]);

    const imported = await call('POST', '/admin/import', { groupId: spaceId, file });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json<{ id: string; revision: number }[]>()[0]!;
    expect(copy.revision).toBe(3);
    const history = (await call('GET', `/admin/resim/${copy.id}/history`)).json<{ versions: unknown[] }>();
    expect(history.versions).toMatchObject([
      { revision: 3, restoredFrom: 1, author: 'author@example.test', authorId: null },
      { revision: 2 },
      { revision: 1, name: 'March exam' },
      { revision: 0 },
    ]);
    for (const revision of [0, 1, 2, 3]) {
      const original = (await call('GET', `/admin/resim/${id}/history/${revision}`)).json<{ content: unknown }>().content;
      const kept = (await call('GET', `/admin/resim/${copy.id}/history/${revision}`)).json<{ content: unknown }>().content;
      expect(JSON.stringify(kept), `revision ${revision}`).toBe(JSON.stringify(original));
    }

    const fresh = (await call('POST', '/admin/import', { groupId: spaceId, file: plain })).json<{ id: string; revision: number }[]>()[0]!;
    expect(fresh.revision).toBe(0);
    expect((await call('GET', `/admin/resim/${fresh.id}/history`)).json()).toMatchObject({ versions: [{ revision: 0 }], next: null });

    const gap = { ...file, histories: [[file.histories[0]![0], { ...file.histories[0]![2], revision: 5 }]] };
    const refused = await call('POST', '/admin/import', { groupId: spaceId, file: gap });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      "The file's version history cannot be read: histories[0][1].revision: must be 1, the revision after the one before",
    );
  });

  it('restores and names versions only for those who may edit the space', async () => {
    const owner = await t.user('owner-history@example.test');
    const member = await t.user('member-history@example.test');
    const id = await createScenarioOf(t, owner, { actions: [{ id: 'act1', name: 'CBC' }] });
    const spaceId = (await call('GET', `/admin/resim/${id}`, undefined, owner)).json<{ group: string }>().group;
    await call('POST', `/admin/space/${spaceId}/user`, { email: 'member-history@example.test' }, owner);
    await call('PUT', `/admin/space/${spaceId}/security`, { canEdit: false }, owner);

    expect((await call('GET', `/admin/resim/${id}/history`, undefined, member)).statusCode).toBe(200);
    const restore = await call('POST', `/admin/resim/${id}/history/0/restore`, {}, member);
    expect(restore.statusCode).toBe(403);
    const name = await call('PUT', `/admin/resim/${id}/history/1/name`, { name: 'March exam' }, member);
    expect(name.statusCode).toBe(403);

    const named = await call('PUT', `/admin/resim/${id}/history/1/name`, { name: '  Used for the March exam ' }, owner);
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ revision: 1, name: 'Used for the March exam' });
    expect((await call('GET', `/admin/resim/${id}/history`, undefined, member)).json()).toMatchObject({
      versions: [
        { revision: 1, name: 'Used for the March exam' },
        { revision: 0, name: null },
      ],
    });
    const cleared = await call('PUT', `/admin/resim/${id}/history/1/name`, { name: ' ' }, owner);
    expect(cleared.json()).toMatchObject({ revision: 1, name: null });
    expect((await call('PUT', `/admin/resim/${id}/history/5/name`, { name: 'Later' }, owner)).statusCode).toBe(404);
    const long = await call('PUT', `/admin/resim/${id}/history/1/name`, { name: 'x'.repeat(101) }, owner);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/at most 100 characters/);
  });
});
