import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { scenarioFixture } from '../test/scenario-fixtures';
import { createApiClient } from './client';
import { accommodationCalls } from './accommodation-calls';
import { scenarioZipCalls } from './scenario-zip-calls';

type Call = { url: string; init: RequestInit };

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
const bodyOf = (call: Call | undefined): unknown => JSON.parse(typeof call?.init.body === 'string' ? call.init.body : 'null');

const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const space = {
  id: 's1',
  description: 'Cardiology',
  owner: 'a@example.test',
  isOwner: true,
  security: { canMove: true, canClone: true, canEdit: true, canDelete: true },
  created: '2025-01-01T00:00:00.000Z',
};

/** A client over a scripted fetch: each call takes the next answer; a thrown Error is a network failure. */
const setup = (answers: readonly (Response | Error)[]) => {
  const calls: Call[] = [];
  const queue = [...answers];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    calls.push({ url, init: init ?? {} });
    if (url.endsWith('/client-log')) return new Response(null, { status: 204 });
    const next = queue.shift();
    if (!next) throw new Error('no scripted answer left');
    if (next instanceof Error) throw next;
    return next;
  });
  const notify = vi.fn();
  const sleep = vi.fn(async () => undefined);
  const client = createApiClient({
    getToken: async () => 'secret-token',
    notify,
    fetch,
    sleep,
    random: () => 0.5,
    currentPage: () => '/profile',
  });
  const apiCalls = () => calls.filter((call) => !call.url.endsWith('/client-log'));
  const logCalls = () => calls.filter((call) => call.url.endsWith('/client-log'));
  return { client, notify, sleep, apiCalls, logCalls };
};

describe('API client', () => {
  it('sends the bearer token and validates the answer with the contract', async () => {
    const { client, apiCalls, notify } = setup([json(200, [space])]);
    await expect(client.spaces.list()).resolves.toEqual([space]);
    const [call] = apiCalls();
    expect(call?.url).toBe('/admin/space');
    expect(new Headers(call?.init.headers).get('authorization')).toBe('Bearer secret-token');
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends JSON bodies', async () => {
    const { client, apiCalls } = setup([json(201, space)]);
    await client.spaces.create({ description: 'Cardiology' });
    const [call] = apiCalls();
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe(JSON.stringify({ description: 'Cardiology' }));
    expect(new Headers(call?.init.headers).get('content-type')).toBe('application/json');
  });

  it('sends a file as it is, of its own type, and reads a file answered', async () => {
    const { client, apiCalls } = setup([
      new Response('PK', { status: 200, headers: { 'content-type': 'application/zip' } }),
      json(201, []),
    ]);
    const calls = scenarioZipCalls(client.request);
    expect(await (await calls.exportZip(['r1'], true)).text()).toBe('PK');
    const zip = new Blob(['PK zip']);
    await calls.importZip('space 1', zip);
    const [exported, imported] = apiCalls();
    expect(exported?.init.body).toBe(JSON.stringify({ ids: ['r1'], history: true }));
    expect(new Headers(exported?.init.headers).get('accept')).toBe('application/zip');
    expect(imported?.url).toBe('/admin/import/zip?groupId=space%201');
    expect(imported?.init.body).toBe(zip);
    expect(new Headers(imported?.init.headers).get('content-type')).toBe('application/zip');
  });

  it('leaves the token off public routes', async () => {
    const config = {
      productName: 'Resim',
      authority: 'http://x',
      clientId: 'c',
      scope: 'openid',
      embeddedIssuer: true,
      signOutUrl: null,
      identityProvider: null,
      session: { storage: 'local' as const },
    };
    const { client, apiCalls } = setup([json(200, config)]);
    await expect(client.config()).resolves.toEqual(config);
    expect(new Headers(apiCalls()[0]?.init.headers).has('authorization')).toBe(false);
  });

  it('retries an idempotent request on 5xx, 429 and network errors, with backoff', async () => {
    const { client, apiCalls, sleep, notify } = setup([
      json(503, { code: 'unavailable', message: 'busy' }),
      new TypeError('Failed to fetch'),
      json(429, { code: 'rate_limited', message: 'slow down' }),
      json(200, [space]),
    ]);
    await expect(client.spaces.list()).resolves.toEqual([space]);
    expect(apiCalls()).toHaveLength(4);
    // random 0.5 of the bounds 100, 200, 400 ms
    expect(sleep.mock.calls.map(([ms]: unknown[]) => ms)).toEqual([50, 100, 200]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('retries PUT and DELETE too', async () => {
    const { client, apiCalls } = setup([json(502, { code: 'bad_gateway', message: 'x' }), json(200, { ok: true })]);
    await expect(client.spaces.remove('s1')).resolves.toEqual({ ok: true });
    expect(apiCalls().map((call) => call.init.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('gives up after a bounded number of attempts', async () => {
    const { client, apiCalls, notify } = setup(Array.from({ length: 10 }, () => json(500, { code: 'internal', message: 'boom' })));
    await expect(client.spaces.list()).rejects.toBeInstanceOf(ApiError);
    expect(apiCalls()).toHaveLength(6);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Request failed: boom');
  });

  it('never retries a POST or a PATCH', async () => {
    const post = setup([json(503, { code: 'unavailable', message: 'busy' }), json(201, space)]);
    await expect(post.client.spaces.create({ description: 'x' })).rejects.toMatchObject({ status: 503, message: 'busy' });
    expect(post.apiCalls()).toHaveLength(1);
    expect(post.sleep).not.toHaveBeenCalled();

    const patch = setup([new TypeError('Failed to fetch'), json(200, space)]);
    await expect(patch.client.spaces.rename('s1', { description: 'x' })).rejects.toMatchObject({ code: 'NetworkError' });
    expect(patch.apiCalls()).toHaveLength(1);
  });

  it('does not retry a 4xx', async () => {
    const { client, apiCalls, sleep } = setup([
      json(409, { code: 'conflict', message: 'This space still holds 1 scenario' }),
      json(200, {}),
    ]);
    await expect(client.spaces.remove('s1')).rejects.toMatchObject({ status: 409, code: 'conflict' });
    expect(apiCalls()).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("shows 'Request failed: {message}' with the server's message and reports the failure without the token", async () => {
    const { client, notify, logCalls } = setup([json(404, { code: 'not_found', message: 'Space not found' })]);
    await expect(client.spaces.rename('s1', { description: 'x' })).rejects.toThrow('Space not found');
    expect(notify).toHaveBeenCalledWith('Request failed: Space not found');
    const [log] = logCalls();
    expect(log?.init.method).toBe('POST');
    expect(bodyOf(log)).toEqual({
      level: 'error',
      message: 'Request failed: Space not found',
      method: 'PATCH',
      path: '/admin/space/s1',
      status: 404,
      page: '/profile',
    });
    expect(JSON.stringify(log)).not.toContain('secret-token');
  });

  it('names the network error when no response came', async () => {
    const { client, notify, logCalls } = setup([new TypeError('Failed to fetch')]);
    await expect(client.spaces.create({ description: 'x' })).rejects.toMatchObject({ code: 'NetworkError', status: null });
    expect(notify).toHaveBeenCalledWith('Request failed: Failed to fetch');
    expect(bodyOf(logCalls()[0])).not.toHaveProperty('status');
  });

  it('neither shows nor reports requests the browser cut because the page is being left', async () => {
    const notify = vi.fn();
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (urlOf(input).endsWith('/client-log')) return new Response(null, { status: 204 });
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ getToken: async () => 'token', notify, fetch, sleep: async () => undefined, isLeaving: () => true });
    await expect(client.spaces.list()).rejects.toMatchObject({ status: null });
    expect(notify).not.toHaveBeenCalled();
    expect(fetch.mock.calls.filter(([input]) => urlOf(input).endsWith('/client-log'))).toEqual([]);
  });

  it('refuses an answer that is not JSON', async () => {
    const { client, notify } = setup([new Response('<!doctype html>', { status: 200 })]);
    await expect(client.spaces.list()).rejects.toMatchObject({ code: 'invalid_response' });
    expect(notify).toHaveBeenCalledWith('Request failed: Unexpected response from GET /admin/space');
  });

  it('reports a missing session as a failed request', async () => {
    const notify = vi.fn();
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const client = createApiClient({
      getToken: () => Promise.reject(new Error('User is not authenticated')),
      notify,
      fetch,
      sleep: async () => undefined,
    });
    await expect(client.user.metadata()).rejects.toThrow('User is not authenticated');
    expect(notify).toHaveBeenCalledWith('Request failed: User is not authenticated');
  });

  it('tells the session when the API refuses the token', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      urlOf(input).endsWith('/client-log')
        ? new Response(null, { status: 204 })
        : json(401, { code: 'unauthenticated', message: 'Sign in' }),
    );
    const client = createApiClient({ getToken: async () => 't', notify: vi.fn(), fetch, onUnauthorized });
    await expect(client.user.auth()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the caller cancels', async () => {
    const controller = new AbortController();
    const notify = vi.fn();
    const fetch = vi.fn(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const client = createApiClient({ getToken: async () => 't', notify, fetch });
    await expect(client.spaces.list(controller.signal)).rejects.toThrow('aborted');
    expect(notify).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  describe('saving a scenario', () => {
    const saved = scenarioFixture({ revision: 4 });

    it('sends the changed parts with the revision and returns the saved scenario', async () => {
      const { client, apiCalls, notify } = setup([json(200, saved)]);
      await expect(client.resims.save('r1', { revision: 3, details: { resimName: 'Anaemia' } })).resolves.toEqual({
        kind: 'saved',
        scenario: saved,
      });
      expect(apiCalls()[0]?.init.method).toBe('PATCH');
      expect(bodyOf(apiCalls()[0])).toEqual({ revision: 3, details: { resimName: 'Anaemia' } });
      expect(notify).not.toHaveBeenCalled();
    });

    it('brings back the current scenario on a 409, without a danger message or a report', async () => {
      const { client, notify, logCalls } = setup([json(409, { code: 'conflict', message: 'Changed by someone else', current: saved })]);
      await expect(client.resims.save('r1', { revision: 3 })).resolves.toEqual({
        kind: 'conflict',
        current: saved,
        message: 'Changed by someone else',
      });
      expect(notify).not.toHaveBeenCalled();
      expect(logCalls()).toHaveLength(0);
    });

    it('fails like any request on a 400, naming the bad field', async () => {
      const { client, notify } = setup([json(400, { code: 'bad_request', message: 'body.details.resimName: must not be empty' })]);
      await expect(client.resims.save('r1', { revision: 3 })).rejects.toMatchObject({ status: 400 });
      expect(notify).toHaveBeenCalledWith('Request failed: body.details.resimName: must not be empty');
    });
  });

  describe('learner calls', () => {
    const snapshot = {
      gameId: 'g1',
      resimId: 'r1',
      resimName: 'Chest pain',
      nickname: 'Ann',
      mode: 2,
      resimStatus: 2,
      phase: 'lobby',
      eventCount: 0,
      startedAt: null,
      serverTime: 1,
      view: null,
      text: null,
      messages: [],
      settings: { hideRank: false, hideTime: false, allowApp: true, allowBrowser: true },
      nextResimCode: null,
      score: null,
      endReason: null,
    };

    it('prove an anonymous run with its run token, not a session', async () => {
      const { client, apiCalls } = setup([json(200, snapshot)]);
      await client.learn.game('g1', 'run-token');
      const headers = new Headers(apiCalls()[0]?.init.headers);
      expect(apiCalls()[0]?.url).toBe('/learn/game/g1');
      expect(headers.get('x-run-token')).toBe('run-token');
      expect(headers.get('authorization')).toBeNull();
    });

    it('send a signed-in learner’s session token', async () => {
      const { client, apiCalls } = setup([json(200, snapshot)]);
      await client.learn.event('g1', { type: 'end' }, null);
      expect(new Headers(apiCalls()[0]?.init.headers).get('authorization')).toBe('Bearer secret-token');
      expect(bodyOf(apiCalls()[0])).toEqual({ type: 'end' });
    });

    it('leave refusals to the player to show, and report none', async () => {
      const { client, notify, logCalls } = setup([
        json(403, { code: 'forbidden', message: 'Anonymous learners cannot join this scenario' }),
      ]);
      await expect(client.learn.join('ABC123', { nickname: 'Ann' }, false)).rejects.toMatchObject({
        status: 403,
        message: 'Anonymous learners cannot join this scenario',
      });
      expect(notify).not.toHaveBeenCalled();
      expect(logCalls()).toHaveLength(0);
    });
  });

  describe('accommodations', () => {
    it('read, set and remove a space’s accommodations on its route', async () => {
      const { client, apiCalls } = setup([json(200, { learners: [], tags: [] }), json(200, { count: 1 }), json(200, { count: 2 })]);
      await expect(accommodationCalls(client.request).list('s 1')).resolves.toEqual({ learners: [], tags: [] });
      const accommodation = { extraPercent: 50, extraMinutes: 0, untimed: false, windowMinutes: 0 };
      await expect(accommodationCalls(client.request).set('s 1', { learners: ['ann@example.test'], accommodation })).resolves.toEqual({
        count: 1,
      });
      await expect(accommodationCalls(client.request).remove('s 1', { tags: ['Dyslexia'] })).resolves.toEqual({ count: 2 });
      const [list, set, remove] = apiCalls();
      expect([list, set, remove].map((call) => `${call?.init.method} ${call?.url}`)).toEqual([
        'GET /admin/space/s%201/accommodation',
        'PUT /admin/space/s%201/accommodation',
        'DELETE /admin/space/s%201/accommodation',
      ]);
      expect(bodyOf(set)).toEqual({ learners: ['ann@example.test'], accommodation });
      expect(bodyOf(remove)).toEqual({ tags: ['Dyslexia'] });
    });

    it('leave a refusal to the modal that asked, without a danger message', async () => {
      const { client, notify } = setup([json(400, { code: 'bad_request', message: 'extraPercent must be a whole number from 0 to 300' })]);
      const accommodation = { extraPercent: 500, extraMinutes: 0, untimed: false, windowMinutes: 0 };
      await expect(accommodationCalls(client.request).set('s1', { tags: ['x'], accommodation })).rejects.toMatchObject({
        status: 400,
        message: 'extraPercent must be a whole number from 0 to 300',
      });
      expect(notify).not.toHaveBeenCalled();
    });
  });

  describe('uploads', () => {
    it('leave a refused file to the upload zone to tell beside its medium: no danger message, no report', async () => {
      const refusal = "The file's content is not an image, video, audio or PDF that can be shown";
      const { client, notify, logCalls } = setup([
        json(415, { code: 'unsupported_media_type', message: refusal }),
        json(415, { code: 'unsupported_media_type', message: refusal }),
        json(400, { code: 'bad_request', message: 'factImages takes images; this is application/pdf' }),
      ]);
      await expect(client.uploads.image({ fileType: 'image/png', content: 'bm90ZXM=', prop: 'factImages' })).rejects.toMatchObject({
        status: 415,
        message: refusal,
      });
      await expect(
        client.uploads.complete({ key: 'k1/report.pdf', uploadId: 'u1', parts: [{ PartNumber: 1, ETag: 'e1' }] }),
      ).rejects.toMatchObject({ status: 415 });
      await expect(client.uploads.start({ fileName: 'scan.pdf', fileType: 'application/pdf', prop: 'factImages' })).rejects.toMatchObject({
        status: 400,
      });
      expect(notify).not.toHaveBeenCalled();
      expect(logCalls()).toHaveLength(0);
    });

    it("show and report the server's own trouble as any request does", async () => {
      const { client, notify, logCalls } = setup([json(500, { code: 'internal', message: 'The store is unreachable' })]);
      await expect(
        client.uploads.complete({ key: 'k1/report.pdf', uploadId: 'u1', parts: [{ PartNumber: 1, ETag: 'e1' }] }),
      ).rejects.toMatchObject({ status: 500 });
      expect(notify).toHaveBeenCalledWith('Request failed: The store is unreachable');
      expect(logCalls()).toHaveLength(1);
    });
  });
});
