import http from 'node:http';
import type { AddressInfo } from 'node:net';
import xapiValidation from 'xapi-validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

// CommonJS with an ES default: Node's import hands over its exports object.
const validateStatement = (xapiValidation as unknown as { default?: typeof xapiValidation }).default ?? xapiValidation;

type Statement = {
  id: string;
  timestamp: string;
  verb: { id: string };
  actor: { mbox?: string; account?: { name: string } };
  context: { registration: string };
};

/**
 * An LRS stand-in on loopback: it takes statements at /xapi/statements with the key and secret it
 * was given, and answers each POST with what `answers` says next (200 once they run out).
 */
const standInLrs = async () => {
  const received: Statement[] = [];
  const answers: number[] = [];
  let posts = 0;
  const expected = `Basic ${Buffer.from('lrs-key:lrs-secret').toString('base64')}`;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://lrs');
      if (url.pathname === '/xapi/about') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version: ['1.0.3'] }));
        return;
      }
      if (request.headers.authorization !== expected) {
        response.writeHead(401).end('Unauthorized');
        return;
      }
      if (url.pathname !== '/xapi/statements') {
        response.writeHead(404).end();
        return;
      }
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ statements: [] }));
        return;
      }
      posts += 1;
      const status = answers.shift() ?? 200;
      if (status !== 200) {
        response.writeHead(status, { 'content-type': 'text/plain' }).end('Service unavailable');
        return;
      }
      const statements = JSON.parse(body) as Statement[];
      received.push(...statements);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(statements.map((s) => s.id)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xapi/`,
    received,
    answers,
    posts: () => posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe.each(dialects)('xAPI statements to a space’s LRS on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let nurse: TestUser;
  let lrs: Awaited<ReturnType<typeof standInLrs>>;
  let spaceId: string;
  let resimId: string;
  let code: string;

  beforeAll(async () => {
    // Retries a moment apart, so that the test sees the one after a 503.
    t = await createTestApp(dialect, { EMAIL_RETRY_BASE_MS: '50', EMAIL_RETRY_MAX_MS: '200' });
    owner = await t.user('owner@example.test');
    member = await t.user('member@example.test');
    outsider = await t.user('outsider@example.test');
    nurse = await t.user('nurse@hospital.test');
    lrs = await standInLrs();
    spaceId = (await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Ward 7' } })).json<{
      id: string;
    }>().id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/space/${spaceId}/user`,
          headers: owner.auth,
          payload: { email: 'member@example.test' },
        })
      ).statusCode,
    ).toBe(201);
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })
    ).json<{
      id: string;
      code: string;
    }>();
    resimId = created.id;
    code = created.code;
    const selfPaced = { ...sessionScenario, details: { ...sessionScenario.details, mode: 2 } };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await lrs.close();
  });

  /** An anonymous learner joins under the nickname and runs the first test; answers their run. */
  const joinAndRunTest = async (nickname: string) => {
    const joined = (await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname } })).json<{
      gameId: string;
      runToken: string;
    }>();
    const step = await t.app.inject({
      method: 'POST',
      url: `/learn/game/${joined.gameId}/event`,
      headers: { 'x-run-token': joined.runToken },
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(step.statusCode).toBe(200);
    return joined;
  };

  const put = (who: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/admin/space/${spaceId}/lrs`, headers: who.auth, payload });

  it('refuses a bad LRS with the field named, lets only the owner set it, and never reads the secret back', async () => {
    const before = await t.snapshot();
    for (const [payload, message] of [
      [{ endpoint: 'not a url', key: 'k', secret: 's' }, /endpoint: must be a web address starting with https:\/\/ or http:\/\//],
      [{ endpoint: 'ftp://lrs.example.org/xapi/', key: 'k', secret: 's' }, /endpoint: must be a web address starting with https:\/\//],
      [{ endpoint: 'https://user:pw@lrs.example.org/xapi/', key: 'k', secret: 's' }, /endpoint: must not carry a user name or password/],
      [{ endpoint: lrs.endpoint, key: '', secret: 's' }, /key: is required/],
      [{ endpoint: lrs.endpoint, key: 'k' }, /secret: is required the first time/],
    ] as const) {
      const refused = await put(owner, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    expect((await put(member, { endpoint: lrs.endpoint, key: 'lrs-key', secret: 'lrs-secret' })).statusCode).toBe(403);
    expect((await put(outsider, { endpoint: lrs.endpoint, key: 'lrs-key', secret: 'lrs-secret' })).statusCode).toBe(404);
    expect(await t.snapshot()).toBe(before);

    const saved = await put(owner, { endpoint: lrs.endpoint, key: 'lrs-key', secret: 'lrs-secret' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('lrs-secret');
    expect(saved.json()).toMatchObject({
      endpoint: lrs.endpoint,
      key: 'lrs-key',
      secretSet: true,
      counts: { queued: 0, sent: 0, failed: 0 },
    });
    const read = await t.app.inject({ method: 'GET', url: `/admin/space/${spaceId}/lrs`, headers: member.auth });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('lrs-secret');
  });

  it('says in plain words whether the LRS answers and accepts the key and secret', async () => {
    const check = () => t.app.inject({ method: 'POST', url: `/admin/space/${spaceId}/lrs/check`, headers: owner.auth });
    expect((await check()).json()).toEqual({
      ok: true,
      message: 'The LRS answered and accepted the key and secret; it speaks xAPI 1.0.3',
      versions: ['1.0.3'],
    });
    // Kept the secret when left out; a wrong one is told as refused.
    expect((await put(owner, { endpoint: lrs.endpoint, key: 'wrong-key' })).statusCode).toBe(200);
    const refused = (await check()).json<{ ok: boolean; message: string }>();
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/^The LRS answered 401: it refused the key and secret/);
    expect((await put(owner, { endpoint: lrs.endpoint, key: 'lrs-key' })).statusCode).toBe(200);
  });

  it('sends every step of a played case once, through a 503, each statement valid xAPI', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: owner.auth })).statusCode).toBe(200);
    // The LRS fails the first batch it is sent: it is sent again after the wait.
    lrs.answers.push(503);
    const anonymous = (await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname: 'Owl' } })).json<{
      gameId: string;
      runToken: string;
    }>();
    const signedIn = (await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, headers: nurse.auth, payload: {} })).json<{
      gameId: string;
    }>();
    const step = (gameId: string, headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: `/learn/game/${gameId}/event`, headers, payload });
    const owl = { 'x-run-token': anonymous.runToken };
    for (const payload of [
      { type: 'runAction', actionId: 'act1' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
      { type: 'end' },
    ])
      expect((await step(anonymous.gameId, owl, payload)).statusCode).toBe(200);
    for (const payload of [{ type: 'confirmConclusions', conclusionIds: ['conc2'] }, { type: 'end' }])
      expect((await step(signedIn.gameId, nurse.auth, payload)).statusCode).toBe(200);
    // A refused step makes no statement.
    expect((await step(signedIn.gameId, nurse.auth, { type: 'runAction', actionId: 'act1' })).statusCode).toBe(409);

    // initialized, interacted, answered, completed, passed, scored; initialized, answered, completed, failed, scored
    await expect.poll(() => lrs.received.length, { timeout: 10_000 }).toBe(11);
    expect(lrs.posts()).toBeGreaterThan(1);
    const ids = lrs.received.map((statement) => statement.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const statement of lrs.received)
      expect(validateStatement(statement).map((warning) => `${warning.path.join('.')}: ${warning.message}`)).toEqual([]);
    // In the order of their moments: a batch sent again after a 503 arrives after later ones.
    const verbsOf = (match: (statement: Statement) => boolean) =>
      lrs.received
        .filter(match)
        .toSorted((a, b) => a.timestamp.localeCompare(b.timestamp))
        .map((statement) => statement.verb.id.replace('http://adlnet.gov/expapi/verbs/', ''));
    expect(verbsOf((s) => s.actor.account?.name === `run:${anonymous.gameId}`)).toEqual([
      'initialized',
      'interacted',
      'answered',
      'completed',
      'passed',
      'scored',
    ]);
    expect(verbsOf((s) => s.actor.mbox === 'mailto:nurse@hospital.test')).toEqual([
      'initialized',
      'answered',
      'completed',
      'failed',
      'scored',
    ]);

    // The last batch is marked sent once its answer is in, a moment after the LRS stored it.
    const counts = async () =>
      (await t.app.inject({ method: 'GET', url: `/admin/space/${spaceId}/lrs`, headers: owner.auth })).json<{
        counts: Record<string, number>;
      }>().counts;
    await expect.poll(counts, { timeout: 10_000 }).toEqual({ queued: 0, sending: 0, sent: 11, failed: 0 });
    const ofRun = await t.app.inject({ method: 'GET', url: `/admin/space/${spaceId}/lrs/runs/${signedIn.gameId}`, headers: member.auth });
    expect(ofRun.json<{ verb: string; status: string }[]>().map((row) => [row.verb, row.status])).toEqual([
      ['initialized', 'sent'],
      ['answered', 'sent'],
      ['completed', 'sent'],
      ['failed', 'sent'],
      ['scored', 'sent'],
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/admin/space/${spaceId}/lrs/runs/${signedIn.gameId}`, headers: outsider.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('fails a statement the LRS refuses for good, says why, and sends it once retried', async () => {
    const sent = lrs.received.length;
    // Refused for good: not tried again until someone asks.
    lrs.answers.push(401);
    await joinAndRunTest('Wren');
    const settings = () =>
      t.app
        .inject({ method: 'GET', url: `/admin/space/${spaceId}/lrs`, headers: owner.auth })
        .then((response) => response.json<{ counts: Record<string, number>; lastError: string | null }>());
    await expect.poll(async () => (await settings()).counts.failed, { timeout: 10_000 }).toBe(2);
    expect((await settings()).lastError).toMatch(/^The LRS answered 401: it refused the key and secret/);
    expect(lrs.received.length).toBe(sent);
    expect((await t.app.inject({ method: 'POST', url: `/admin/space/${spaceId}/lrs/retry`, headers: member.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/admin/space/${spaceId}/lrs/retry`, headers: owner.auth })).json()).toEqual({
      queued: 2,
    });
    await expect.poll(() => lrs.received.length, { timeout: 10_000 }).toBe(sent + 2);
    await expect.poll(async () => (await settings()).counts, { timeout: 10_000 }).toMatchObject({ sent: 13, failed: 0 });
  });

  it('sends nothing once the space has no LRS', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/admin/space/${spaceId}/lrs`, headers: owner.auth })).statusCode).toBe(200);
    const joined = await joinAndRunTest('Kite');
    const rows = await t.db.selectFrom('xapi_statements').select('id').where('game_id', '=', joined.gameId).execute();
    expect(rows).toEqual([]);
  });
});
