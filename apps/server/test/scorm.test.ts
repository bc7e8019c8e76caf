import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, testPublicUrl, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Launch = { gameId: string; runToken: string; resimName: string; playUrl: string; resumed: boolean };

describe.each(dialects)('SCORM packages on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let resimId: string;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
    outsider = await t.user('outsider@example.test');
    spaceId = (await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Ward 7' } })).json<{
      id: string;
    }>().id;
    resimId = (await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })).json<{
      id: string;
    }>().id;
    const selfPaced = { ...sessionScenario, details: { ...sessionScenario.details, mode: 2 } };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  const exportPackage = async (version: string, who = owner) =>
    t.app.inject({ method: 'POST', url: `/admin/resim/${resimId}/scorm`, headers: who.auth, payload: { version } });

  /** The package's files and the key its page launches with. */
  const unpack = (body: Buffer) => {
    const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const key = /data-key="([^"]+)"/.exec(files['index.html'] ?? '')?.[1] ?? '';
    return { files, key };
  };

  const launch = (payload: object, origin = 'https://lms.example.edu') =>
    t.app.inject({ method: 'POST', url: '/learn/scorm/launch', headers: { origin }, payload });

  it('exports SCORM 1.2 and 2004 packages whose manifest launches the page that knows this server and its own key', async () => {
    const twelve = await exportPackage('1.2');
    expect(twelve.statusCode).toBe(200);
    expect(twelve.headers['content-type']).toBe('application/zip');
    expect(twelve.headers['content-disposition']).toBe('attachment; filename="Anaemia-clinic-scorm-12.zip"');
    const a = unpack(twelve.rawPayload);
    expect(Object.keys(a.files).sort()).toEqual(['imsmanifest.xml', 'index.html', 'resim-launch.js']);
    expect(a.files['imsmanifest.xml']).toContain('<schemaversion>1.2</schemaversion>');
    expect(a.files['imsmanifest.xml']).toContain('adlcp:scormtype="sco" href="index.html"');
    expect(a.files['imsmanifest.xml']).toContain('<title>Anaemia clinic</title>');
    expect(a.files['index.html']).toContain(`data-server="${testPublicUrl}"`);
    expect(a.files['index.html']).toContain('data-version="1.2"');

    const later = unpack((await exportPackage('2004')).rawPayload);
    expect(later.files['imsmanifest.xml']).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    expect(later.files['imsmanifest.xml']).toContain('adlcp:scormType="sco"');
    expect(later.key).not.toBe(a.key);
    // Only the hash of a key is kept.
    expect(await t.snapshot()).not.toContain(a.key);
  });

  it('refuses a version it does not make, an outsider, and an exporter who may not edit, storing nothing', async () => {
    const before = await t.snapshot();
    const bad = await exportPackage('3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/version/);
    expect((await exportPackage('1.2', outsider)).statusCode).toBe(404);
    expect(await t.snapshot()).toBe(before);
  });

  it('launches an LMS learner into the open scenario, resumes the same run on the next launch, and answers any origin', async () => {
    const { key } = unpack((await exportPackage('2004')).rawPayload);
    const closed = await launch({ key, learnerId: 'moodle-17', learnerName: 'Okafor, Ada' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ message: string }>().message).toMatch(/not open yet/);

    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: owner.auth })).statusCode).toBe(200);
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/learn/scorm/launch', headers: { origin: 'https://lms.example.edu' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-run-token');

    const first = await launch({ key, learnerId: 'moodle-17', learnerName: 'Okafor, Ada' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const launched = first.json<Launch>();
    expect(launched).toMatchObject({
      resimName: 'Anaemia clinic',
      resumed: false,
      playUrl: `${testPublicUrl}/play/lms/${launched.gameId}`,
    });

    const step = await t.app.inject({
      method: 'POST',
      url: `/learn/game/${launched.gameId}/event`,
      headers: { 'x-run-token': launched.runToken },
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(step.statusCode).toBe(200);
    const again = (await launch({ key, learnerId: 'moodle-17', learnerName: 'Okafor, Ada' })).json<Launch>();
    expect(again).toMatchObject({ gameId: launched.gameId, resumed: true });
    // A new launch hands out a new token: the old one no longer plays.
    expect(again.runToken).not.toBe(launched.runToken);
    expect(
      (await t.app.inject({ method: 'GET', url: `/learn/game/${launched.gameId}`, headers: { 'x-run-token': launched.runToken } }))
        .statusCode,
    ).toBe(404);
    const detail = await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/games/${launched.gameId}`, headers: owner.auth });
    expect(detail.json()).toMatchObject({
      run: { nickname: 'Okafor, Ada' },
      launchedBy: { source: 'scorm', name: 'SCORM 2004 package', learnerRef: 'moodle-17' },
    });
    const other = (await launch({ key, learnerId: 'moodle-18', learnerName: 'Okafor, Ada' })).json<Launch>();
    expect(other.gameId).not.toBe(launched.gameId);

    const listed = await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/scorm`, headers: owner.auth });
    expect(listed.json<{ version: string; launches: number; createdBy: string }[]>()[0]).toMatchObject({
      version: '2004',
      launches: 2,
      createdBy: 'owner@example.test',
    });
  });

  it("tells the package a run's result only with its run token: completion, success and the points over the most reachable", async () => {
    const { key } = unpack((await exportPackage('1.2')).rawPayload);
    const launched = (await launch({ key, learnerId: 'canvas-3', learnerName: 'Bea' })).json<Launch>();
    const result = (token: string) =>
      t.app.inject({ method: 'GET', url: `/learn/scorm/result/${launched.gameId}`, headers: { 'x-run-token': token } });
    expect((await result('not-the-token')).statusCode).toBe(404);
    expect((await result(launched.runToken)).json()).toMatchObject({ ended: false, passed: null, scaled: null, maximum: 35 });
    const play = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/learn/game/${launched.gameId}/event`, headers: { 'x-run-token': launched.runToken }, payload });
    expect((await play({ type: 'runAction', actionId: 'act1' })).statusCode).toBe(200);
    expect((await play({ type: 'confirmConclusions', conclusionIds: ['conc1'] })).statusCode).toBe(200);
    expect((await result(launched.runToken)).json()).toMatchObject({ ended: false });
    expect((await play({ type: 'end' })).statusCode).toBe(200);
    const ended = (await result(launched.runToken)).json<{ ended: boolean; passed: boolean; scaled: number; points: number }>();
    // 10 for the blood count and 20 for the right diagnosis, of 35 at most.
    expect(ended).toMatchObject({ ended: true, passed: true, points: 30, maximum: 35, scaled: 0.8571 });
  });

  it('refuses launches of an unknown or withdrawn package and a launch without a learner, changing nothing', async () => {
    const { key } = unpack((await exportPackage('1.2')).rawPayload);
    const packages = (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/scorm`, headers: owner.auth })).json<
      { id: string }[]
    >();
    const newest = packages[0]!.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin/resim/${resimId}/scorm/${newest}`, headers: outsider.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/admin/resim/${resimId}/scorm/nope`, headers: owner.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/admin/resim/${resimId}/scorm/${newest}`, headers: owner.auth })).statusCode).toBe(
      200,
    );
    const before = await t.snapshot();
    for (const [payload, status, message] of [
      [{ key, learnerId: 'moodle-20' }, 403, /withdrawn/],
      [{ key: 'x'.repeat(32), learnerId: 'moodle-20' }, 403, /not known here/],
      [{ key: 'short', learnerId: 'moodle-20' }, 400, /key/],
      [{ key, learnerId: '' }, 400, /learnerId: is required/],
    ] as const) {
      const refused = await launch(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    expect(await t.snapshot()).toBe(before);
  });
});
