import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Page = { entries: { gameId: string; seq: number; at: string }[]; nextCursor: string | null; total: number };

const learners = 30;
const stepsEach = 350;
const steps = learners * stepsEach;

describe.each(dialects)('the audit trail in pages on %s', (dialect) => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let resimId: string;
  let instanceId: string;

  const get = async <T>(url: string, who: TestUser = host) => {
    const response = await t.app.inject({ method: 'GET', url, headers: who.auth });
    return { status: response.statusCode, body: response.json<T & { message: string }>() };
  };

  /** Every page from the first, following nextCursor to the end. */
  const everyPage = async (query: string): Promise<Page[]> => {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const separator = query ? '&' : '';
      const url = `/admin/resim/${resimId}/audit?${query}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: { status: number; body: Page } = await get<Page>(url);
      expect(page.status).toBe(200);
      pages.push(page.body);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    return pages;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    host = await t.user('host@example.test');
    stranger = await t.user('stranger@elsewhere.test');
    const spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: host.auth, payload: { description: 'Hall' } })
    ).json<{
      id: string;
    }>().id;
    resimId = (await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: host.auth, payload: { groupId: spaceId } })).json<{
      id: string;
    }>().id;
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: host.auth })).statusCode).toBe(200);
    instanceId = (await get<{ currentInstanceId: string }>(`/admin/resim/${resimId}/dashboard`)).body.currentInstanceId;
    // More steps than one page may hold, written straight to the trail; many share a second,
    // so that the order falls to the run and the step within it.
    const now = Date.parse('2025-05-01T10:00:00.000Z');
    for (let learner = 0; learner < learners; learner += 1) {
      const gameId = `game-${String(learner).padStart(2, '0')}`;
      await t.db
        .insertInto('games')
        .values({
          id: gameId,
          resim_id: resimId,
          instance_id: instanceId,
          user_id: null,
          nickname: `Learner ${learner}`,
          email: null,
          run_token_hash: null,
          test: 0,
          state: null,
          event_count: stepsEach,
          points: null,
          score: null,
          created_at: new Date(now).toISOString(),
          started_at: null,
          ended_at: null,
          end_reason: null,
          updated_at: new Date(now).toISOString(),
        })
        .execute();
      const rows = Array.from({ length: stepsEach }, (_, index) => ({
        game_id: gameId,
        seq: index + 1,
        type: 'runAction',
        payload: JSON.stringify({ actionId: 'act1' }),
        at: new Date(now + Math.floor((index * learners + learner) / 7) * 1000).toISOString(),
      }));
      // Inserted in chunks: SQLite takes at most so many bound values in one statement.
      for (let start = 0; start < rows.length; start += 100)
        await t.db
          .insertInto('run_events')
          .values(rows.slice(start, start + 100))
          .execute();
    }
  });
  afterAll(() => t.close());

  const keyOf = (entry: Page['entries'][number]) => `${entry.at} ${entry.gameId} ${String(entry.seq).padStart(5, '0')}`;

  const expectEveryStepOnceInOrder = (pages: Page[]) => {
    const entries = pages.flatMap((page) => page.entries);
    expect(entries).toHaveLength(steps);
    expect(new Set(entries.map((entry) => `${entry.gameId}/${entry.seq}`)).size).toBe(steps);
    const keys = entries.map(keyOf);
    expect(keys).toEqual([...keys].sort());
    for (const page of pages) expect(page.total).toBe(steps);
  };

  it('gives a thousand steps a page by default, every step once and in order past ten thousand', async () => {
    const pages = await everyPage('');
    expect(pages.map((page) => page.entries.length)).toEqual([...Array.from({ length: 10 }, () => 1000), steps - 10_000]);
    expectEveryStepOnceInOrder(pages);
  });

  it('takes up to ten thousand steps a page, and says there are more', async () => {
    const pages = await everyPage('limit=10000');
    expect(pages.map((page) => page.entries.length)).toEqual([10_000, steps - 10_000]);
    expect(pages[0]!.nextCursor).not.toBeNull();
    expectEveryStepOnceInOrder(pages);
  });

  it('pages the steps of one opening the same way', async () => {
    const pages = await everyPage(`instance=${instanceId}&limit=4000`);
    expect(pages.map((page) => page.entries.length)).toEqual([4000, 4000, steps - 8000]);
    expectEveryStepOnceInOrder(pages);
  });

  it('ends with a null cursor when the last page is exactly full', async () => {
    const pages = await everyPage(`limit=${steps / 2}`);
    expect(pages.map((page) => page.entries.length)).toEqual([steps / 2, steps / 2]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('answers 400 naming a bad limit or cursor', async () => {
    for (const limit of ['0', '10001', '2.5', 'many']) {
      const refused = await get(`/admin/resim/${resimId}/audit?limit=${limit}`);
      expect(refused.status, limit).toBe(400);
      expect(refused.body.message).toContain('limit');
    }
    const forged = [
      'not-a-cursor',
      Buffer.from('[1,"x"]').toString('base64url'),
      Buffer.from('[2,"2025-05-01T10:00:00.000Z","game-00",1]').toString('base64url'),
      Buffer.from('{"at":1}').toString('base64url'),
    ];
    for (const cursor of forged) {
      const refused = await get(`/admin/resim/${resimId}/audit?cursor=${encodeURIComponent(cursor)}`);
      expect(refused.status, cursor).toBe(400);
      expect(refused.body.message).toContain('cursor');
    }
    expect((await get(`/admin/resim/${resimId}/audit?cursor=`)).status).toBe(400);
  });

  it('hides the trail from outsiders', async () => {
    expect((await get(`/admin/resim/${resimId}/audit`, stranger)).status).toBe(404);
    const first = await get<Page>(`/admin/resim/${resimId}/audit`);
    expect((await get(`/admin/resim/${resimId}/audit?cursor=${first.body.nextCursor!}`, stranger)).status).toBe(404);
  });
});
