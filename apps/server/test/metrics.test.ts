import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { parsePrometheus } from './prometheus-text';
import { openLearner } from './test-socket';

const metricsToken = 'scrape-token-0123456789';

describe.each(dialects)('metrics and request ids on %s', (dialect) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(dialect, { METRICS_TOKEN: metricsToken });
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parsePrometheus(await response.text());
  };

  it('asks for the token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
  });

  it('counts requests by route, learners’ sockets and steps, the outbox and the event loop, in Prometheus’s text format', async () => {
    const author = await createUser({
      db: server.database.db,
      clock: systemClock,
      email: `m-${Math.random()}@example.test`,
      password: 'Test-password-1',
    });
    const { token } = await createToken({ db: server.database.db, clock: systemClock, userId: author.id, name: 'metrics' });
    const api = async <T>(method: string, route: string, body?: unknown): Promise<T> =>
      (await (
        await fetch(`${server.url}${route}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).json()) as T;
    const space = await api<{ id: string }>('POST', '/admin/space', { description: 'Metrics' });
    const created = await api<{ id: string; revision: number }>('POST', '/admin/resim/new', { groupId: space.id });
    await api('PATCH', `/admin/resim/${created.id}`, {
      revision: created.revision,
      details: { resimName: 'Counted', mode: 2, allowAnonymous: true, allowSignin: true },
      stages: [{ id: 'stg1', name: 'Ward', default: true }],
      actions: [{ id: 'act1', name: 'Test 1', stage: 'stg1' }],
    });
    const { code } = await api<{ code: string }>('POST', `/admin/control/${created.id}/2`);
    const joined = (await (
      await fetch(`${server.url}/learn/join/${code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"nickname":"Mo"}',
      })
    ).json()) as { gameId: string; runToken: string };
    const learner = await openLearner(
      `${server.url.replace('http', 'ws')}/learn/socket?game=${joined.gameId}&token=${encodeURIComponent(joined.runToken)}`,
    );
    await learner.until(() => true, 'first snapshot');
    expect((await learner.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
    expect((await learner.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(false);

    const families = new Map((await scrape()).map((family) => [family.name, family]));
    const samples = (name: string) => families.get(name)?.samples ?? [];
    expect(families.get('resim_http_request_duration_seconds')?.type).toBe('histogram');
    // By the route's pattern, not the path with its ids.
    expect(samples('resim_http_request_duration_seconds')).toContainEqual({
      name: 'resim_http_request_duration_seconds_count',
      labels: { method: 'POST', route: '/learn/join/:code', status: '201' },
      value: 1,
    });
    expect(samples('resim_http_request_duration_seconds').some((sample) => JSON.stringify(sample.labels).includes(joined.gameId))).toBe(
      false,
    );
    expect(samples('resim_live_sockets')).toContainEqual({ name: 'resim_live_sockets', labels: { kind: 'learner' }, value: 1 });
    expect(samples('resim_steps')).toContainEqual({ name: 'resim_steps_total', labels: { outcome: 'ok' }, value: 1 });
    expect(samples('resim_steps')).toContainEqual({ name: 'resim_steps_total', labels: { outcome: 'refused' }, value: 1 });
    expect(samples('resim_step_duration_seconds')).toContainEqual({ name: 'resim_step_duration_seconds_count', labels: {}, value: 2 });
    expect(families.get('resim_outbox_messages')?.type).toBe('gauge');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    if (dialect === 'postgres')
      expect(samples('resim_database_pool_connections').map((sample) => sample.labels.state)).toEqual(['total', 'idle', 'waiting']);
    learner.close();
  });

  it('takes a request id from X-Request-Id, or makes one, and says it in the answer', async () => {
    const given = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'balancer-42.a' } });
    expect(given.headers.get('x-request-id')).toBe('balancer-42.a');
    const made = await fetch(`${server.url}/healthz`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unfit = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': `bad id ${'x'.repeat(200)}` } });
    expect(unfit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.headers.get('x-request-id')).not.toBe(unfit.headers.get('x-request-id'));
  });
});

describe('metrics without a token set', () => {
  it('are off', async () => {
    const server = await startLiveServer('sqlite');
    try {
      const response = await fetch(`${server.url}/metrics`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain('METRICS_TOKEN');
    } finally {
      await server.close();
    }
  });
});
