import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { seedDemo } from '../src/setup/seed';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Space = { id: string; description: string; owner: string; isOwner: boolean; security: Record<string, boolean> };
type SpaceUser = { id: string; email: string; name: string | null; isOwner: boolean; fromGroup: boolean; pending: boolean };
type Message = { to: string; subject: string; text: string; html: string | null; sender: string | null; templateName: string | null };

describe.each(dialects)('spaces on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
    colleague = await t.user('colleague@example.test');
  });
  afterAll(() => t.close());

  const call = async <T = unknown>(
    who: TestUser | string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const authorization = typeof who === 'string' ? `Bearer ${who}` : who.auth.authorization;
    const response = await t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const create = async (description: string, who = owner) => (await call<Space>(who, 'POST', '/admin/space', { description })).body;
  /** Someone with an account, a password and the name their sign-in gives. */
  const named = async (email: string, name: string) => {
    const user = await createUser({ db: t.db, clock: systemClock, email, password: 'Test-password-1', name });
    const { token } = await createToken({ db: t.db, clock: systemClock, userId: user.id, name: 'test' });
    return { user, token, auth: { authorization: `Bearer ${token}` } };
  };
  const usersOf = async (spaceId: string, who: TestUser = owner) =>
    (await call<SpaceUser[]>(who, 'GET', `/admin/space/${spaceId}/user`)).body;

  it('creates a space owned by its creator, with every security flag true', async () => {
    const created = await call<Space>(owner, 'POST', '/admin/space', { description: '  Cardiology  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      description: 'Cardiology',
      owner: 'owner@example.test',
      isOwner: true,
      security: { canMove: true, canClone: true, canEdit: true, canDelete: true },
    });
    const listed = await call<Space[]>(owner, 'GET', '/admin/space');
    expect(listed.body.map((s) => s.id)).toContain(created.body.id);
    expect((await call<Space[]>(colleague, 'GET', '/admin/space')).body.map((s) => s.id)).not.toContain(created.body.id);
  });

  it('refuses an empty description', async () => {
    const response = await call<{ message: string }>(owner, 'POST', '/admin/space', { description: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('description');
  });

  it('renames a space for its owner and for members while canEdit holds', async () => {
    const space = await create('Lab');
    await call(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'colleague@example.test' });
    expect((await call<Space>(colleague, 'PATCH', `/admin/space/${space.id}`, { description: 'Lab A' })).body.description).toBe('Lab A');

    const locked = await call<Space>(owner, 'PUT', `/admin/space/${space.id}/security`, { canEdit: false });
    expect(locked.body.security).toEqual({ canMove: true, canClone: true, canEdit: false, canDelete: true });
    const refused = await call<{ message: string }>(colleague, 'PATCH', `/admin/space/${space.id}`, { description: 'Lab B' });
    expect(refused.status).toBe(403);
    // SPEC 6: the owner may always edit
    expect((await call<Space>(owner, 'PATCH', `/admin/space/${space.id}`, { description: 'Lab C' })).status).toBe(200);
  });

  it('treats security flags left out as true, and lets only the owner set them', async () => {
    const space = await create('Flags');
    await call(owner, 'PUT', `/admin/space/${space.id}/security`, { canMove: false, canDelete: false });
    const reset = await call<Space>(owner, 'PUT', `/admin/space/${space.id}/security`, {});
    expect(reset.body.security).toEqual({ canMove: true, canClone: true, canEdit: true, canDelete: true });
    await call(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'colleague@example.test' });
    expect((await call(colleague, 'PUT', `/admin/space/${space.id}/security`, { canEdit: false })).status).toBe(403);
  });

  it('adds users by email, inviting those without an account, and removes them', async () => {
    const space = await create('Team');
    const added = await call<{ id: string; email: string }>(owner, 'POST', `/admin/space/${space.id}/user`, {
      email: 'Newcomer@Example.test',
    });
    expect(added.status).toBe(201);
    expect(added.body.email).toBe('newcomer@example.test');
    const users = await call<{ email: string; isOwner: boolean }[]>(owner, 'GET', `/admin/space/${space.id}/user`);
    expect(users.body).toEqual([
      expect.objectContaining({ email: 'owner@example.test', isOwner: true }),
      expect.objectContaining({ email: 'newcomer@example.test', isOwner: false }),
    ]);
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'newcomer@example.test')
      .orderBy('created_at')
      .execute();
    expect(mail.map((message) => message.subject)).toEqual(['You have been added to "Team" in Resim', 'Choose your Resim password']);
    expect(mail[1]!.text_body).toMatch(/\/account\/reset\/[\w-]{20,}/);

    expect((await call(owner, 'DELETE', `/admin/space/${space.id}/user/${added.body.id}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/admin/space/${space.id}/user/${added.body.id}`)).status).toBe(404);
    const ownerRemoval = await call<{ message: string }>(owner, 'DELETE', `/admin/space/${space.id}/user/${owner.user.id}`);
    expect(ownerRemoval.status).toBe(409);
  });

  it('answers adding an address with an account exactly as one without, apart from its id and email', async () => {
    const space = await create('Invites');
    await named('dana@example.test', 'Dana Known');
    const fresh = await call<SpaceUser>(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'brand-new@example.test' });
    const known = await call<SpaceUser>(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'dana@example.test' });
    const { id: freshId, email: freshEmail, ...freshRest } = fresh.body;
    const { id: knownId, email: knownEmail, ...knownRest } = known.body;
    expect([fresh.status, known.status]).toEqual([201, 201]);
    expect([freshEmail, knownEmail]).toEqual(['brand-new@example.test', 'dana@example.test']);
    expect(freshId).not.toBe(knownId);
    expect(knownRest).toEqual(freshRest);
    expect(knownRest).toEqual({ name: null, isOwner: false, fromGroup: false, pending: true });
  });

  it('sends both the same invitation, which the sender reads in the outbox; only the address without a password gets a link to choose one', async () => {
    const space = await create('Outbox');
    await named('erin@example.test', 'Erin Known');
    for (const email of ['nobody-yet@example.test', 'erin@example.test'])
      await call(owner, 'POST', `/admin/space/${space.id}/user`, { email });
    const shown = (await call<{ messages: Message[] }>(owner, 'GET', '/admin/outbox')).body.messages;
    const invitationTo = (to: string) => {
      const found = shown.filter((message) => message.to === to);
      expect(found).toHaveLength(1);
      const { subject, text, html, sender, templateName } = found[0]!;
      return JSON.stringify({ subject, text, html, sender, templateName }).replaceAll(to, 'ADDRESS');
    };
    expect(invitationTo('nobody-yet@example.test')).toBe(invitationTo('erin@example.test'));
    expect(invitationTo('erin@example.test')).toContain('Sign in here: http://localhost:8080/');

    // The link to choose a password goes in an email of no one's, which the outbox shows to developers alone.
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', 'in', ['nobody-yet@example.test', 'erin@example.test'])
      .execute();
    const private_ = mail.filter((message) => message.space_id === null);
    expect(private_.map((message) => [message.to_address, message.sender_id, message.subject])).toEqual([
      ['nobody-yet@example.test', null, 'Choose your Resim password'],
    ]);
    expect(private_[0]!.text_body).toContain(`owner@example.test has added you to the space "Outbox" in Resim`);
    expect(private_[0]!.text_body).toMatch(/\/account\/reset\/[\w-]{20,}/);
  });

  it('lists someone added by email by that email alone, pending, until they list their spaces; then by their name', async () => {
    const space = await create('Pending');
    const fay = await named('fay@example.test', 'Fay Known');
    const gus = await named('gus@example.test', 'Gus Known');
    await call(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'gus@example.test' });
    await call(gus, 'GET', '/admin/space');
    await call(gus, 'POST', `/admin/space/${space.id}/user`, { email: 'fay@example.test' });

    const pendingFay = { id: fay.user.id, email: 'fay@example.test', name: null, isOwner: false, fromGroup: false, pending: true };
    for (const who of [owner, gus]) {
      expect(await usersOf(space.id, who)).toEqual([
        { id: owner.user.id, email: 'owner@example.test', name: null, isOwner: true, fromGroup: false, pending: false },
        pendingFay,
        { id: gus.user.id, email: 'gus@example.test', name: 'Gus Known', isOwner: false, fromGroup: false, pending: false },
      ]);
    }
    // Adding her again says no more.
    expect((await call<SpaceUser>(gus, 'POST', `/admin/space/${space.id}/user`, { email: 'fay@example.test' })).body).toEqual(pendingFay);

    expect((await call<Space[]>(fay, 'GET', '/admin/space')).body.map((listed) => listed.id)).toContain(space.id);
    const seen = { ...pendingFay, name: 'Fay Known', pending: false };
    expect((await usersOf(space.id)).find((user) => user.id === fay.user.id)).toEqual(seen);
    // Once in, adding her again answers what the list shows of her.
    expect((await call<SpaceUser>(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'fay@example.test' })).body).toEqual(seen);

    // Removed and added again, she waits until she has seen the space once more.
    await call(owner, 'DELETE', `/admin/space/${space.id}/user/${fay.user.id}`);
    expect((await call<SpaceUser>(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'fay@example.test' })).body).toEqual(pendingFay);
  });

  it('lists those a sign-in group gives the space, and refuses to remove them here (SPEC 6)', async () => {
    const space = await create('Grouped');
    const grouped = await t.user(`grouped-${space.id}@example.test`, `${space.id},developer`);
    await call(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'colleague@example.test' });
    const users = await call<{ id: string; email: string; isOwner: boolean; fromGroup: boolean }[]>(
      owner,
      'GET',
      `/admin/space/${space.id}/user`,
    );
    expect(users.body).toEqual([
      expect.objectContaining({ email: 'owner@example.test', isOwner: true, fromGroup: false, pending: false }),
      expect.objectContaining({ email: 'colleague@example.test', isOwner: false, fromGroup: false, pending: true }),
      // a group names the space for them: they wait on no invitation
      expect.objectContaining({ id: grouped.user.id, isOwner: false, fromGroup: true, pending: false }),
    ]);

    const before = await t.snapshot();
    const refused = await call<{ message: string }>(owner, 'DELETE', `/admin/space/${space.id}/user/${grouped.user.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/sign-in group/);
    expect(await t.snapshot()).toBe(before);

    // A caller the token's groups let in sees themselves so, though their stored groups say nothing.
    const token = await t.accessToken(colleague.user, { groups: [space.id] });
    const seen = await call<SpaceUser[]>(token, 'GET', `/admin/space/${space.id}/user`);
    expect(seen.body.find((user) => user.id === colleague.user.id)).toMatchObject({ fromGroup: true, pending: false });
  });

  it("answers 404 to outsiders for every member, security and owner route, and 403 to members for the owner's", async () => {
    const space = await create('Private');
    const outsider = await t.user(`outsider-${space.id}@example.test`);
    await call(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'colleague@example.test' });
    const before = await t.snapshot();
    const attempts: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['GET', `/admin/space/${space.id}/user`],
      ['POST', `/admin/space/${space.id}/user`, { email: 'someone@example.test' }],
      ['DELETE', `/admin/space/${space.id}/user/${colleague.user.id}`],
      ['PUT', `/admin/space/${space.id}/security`, { canEdit: false }],
      ['PUT', `/admin/space/${space.id}/owner`, { email: 'outsider@example.test' }],
      ['PATCH', `/admin/space/${space.id}`, { description: 'Mine now' }],
    ];
    for (const [method, url, body] of attempts) expect((await call(outsider, method, url, body)).status, `${method} ${url}`).toBe(404);
    for (const [method, url, body] of attempts.slice(3, 5)) {
      const refused = await call<{ message: string }>(colleague, method, url, body);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.message).toMatch(/Only the owner/);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('hands a space to a new owner, who may then do what owners do', async () => {
    const space = await create('Handover');
    const handed = await call<Space>(owner, 'PUT', `/admin/space/${space.id}/owner`, { email: 'colleague@example.test' });
    expect(handed.body).toMatchObject({ owner: 'colleague@example.test', isOwner: false });
    expect((await call(owner, 'PUT', `/admin/space/${space.id}/security`, { canEdit: false })).status).toBe(403);
    expect((await call(colleague, 'PUT', `/admin/space/${space.id}/security`, { canEdit: false })).status).toBe(200);
    // the previous owner stays in the space, as a member who has seen it; an owner is never pending
    expect(await usersOf(space.id, colleague)).toEqual([
      expect.objectContaining({ email: 'colleague@example.test', isOwner: true, pending: false }),
      expect.objectContaining({ email: 'owner@example.test', isOwner: false, pending: false }),
    ]);
    expect((await call<Space[]>(owner, 'GET', '/admin/space')).body.map((s) => s.id)).toContain(space.id);
  });

  it('deletes an empty space for its owner only, and refuses one that holds scenarios', async () => {
    const empty = await create('Empty');
    await call(owner, 'POST', `/admin/space/${empty.id}/user`, { email: 'colleague@example.test' });
    expect((await call(colleague, 'DELETE', `/admin/space/${empty.id}`)).status).toBe(403);
    expect((await call(owner, 'DELETE', `/admin/space/${empty.id}`)).status).toBe(200);
    expect((await call(owner, 'GET', `/admin/space/${empty.id}/user`)).status).toBe(404);

    const { spaceId } = await seedDemo({ db: t.db, clock: systemClock, owner: owner.user });
    const refused = await call<{ message: string }>(owner, 'DELETE', `/admin/space/${spaceId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/holds 1 scenario/);
  });

  it('lets a group in the access token name a space (SPEC 6)', async () => {
    const space = await create('By group');
    const token = await t.accessToken(colleague.user, { groups: [space.id] });
    expect((await call<Space[]>(token, 'GET', '/admin/space')).body.map((s) => s.id)).toContain(space.id);
    const auth = await call<{ isDeveloper: boolean; groups: string[] }>(token, 'GET', '/admin/user/auth');
    expect(auth.body).toMatchObject({ isDeveloper: false, groups: [space.id] });
    const developer = await t.accessToken(colleague.user, { groups: ['developer'] });
    expect((await call<{ isDeveloper: boolean }>(developer, 'GET', '/admin/user/auth')).body.isDeveloper).toBe(true);
  });

  it("lists scenarios of the caller's spaces only", async () => {
    const { resimId } = await seedDemo({ db: t.db, clock: systemClock, owner: owner.user });
    expect((await call<{ id: string }[]>(owner, 'GET', '/admin/resim')).body.map((r) => r.id)).toContain(resimId);
    expect((await call<{ id: string }[]>(colleague, 'GET', '/admin/resim')).body.map((r) => r.id)).not.toContain(resimId);
  });
});
