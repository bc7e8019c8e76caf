import type { AddLearnersBody, AllocationBody, Learner, PatchLearnersBody, ResimSummary, Space } from '@resim/contracts';
import { vi } from 'vitest';
import type { ApiClient } from '../../api/client';

/** Test data for the Clients page's tests: two spaces, a few learners and scenarios, changed per test. */

const security = { canMove: true, canClone: true, canEdit: true, canDelete: true };

export const spaceFixture = (id: string, description: string, changes: Partial<Space> = {}): Space => ({
  id,
  description,
  owner: 'me@example.test',
  isOwner: true,
  security,
  created: '2025-01-01T00:00:00.000Z',
  ...changes,
});

export const scenarioFixture = (id: string, resimName: string, group: string): ResimSummary => ({
  id,
  resimName,
  description: '',
  group,
  resimStatus: 0,
  templateId: null,
  created: '2025-01-01T00:00:00.000Z',
  priority: null,
});

export const learnerFixture = (email: string, changes: Partial<Learner> = {}): Learner => ({
  email,
  tags: [],
  created: '2025-01-01T00:00:00.000Z',
  invited: null,
  reminded: null,
  resims: [],
  accommodation: null,
  ...changes,
});

/**
 * A fake API holding the learners of space s1; reads answer what the fake holds, changes are
 * recorded and answer as the server would.
 */
export const fakeClientsApi = (data: { spaces?: Space[]; scenarios?: ResimSummary[]; learners?: Learner[] } = {}) => {
  let learners = data.learners ?? [];
  const list = vi.fn(async (_spaceId: string) => learners);
  const add = vi.fn(async (_spaceId: string, body: AddLearnersBody) => ({
    added: body.learners.length,
    merged: 0,
    notified: body.notify ? body.learners.length : 0,
  }));
  const tag = vi.fn(async (_spaceId: string, body: PatchLearnersBody) => ({ count: body.learners.length }));
  const remove = vi.fn(async (_spaceId: string, emails: readonly string[]) => {
    learners = learners.filter((learner) => !emails.includes(learner.email));
    return { count: emails.length };
  });
  const remind = vi.fn(async (_spaceId: string, emails: readonly string[]) => ({ count: emails.length }));
  const allocate = vi.fn(async (_spaceId: string, body: AllocationBody) => {
    learners = learners.map((learner) =>
      body.learners.includes(learner.email) ? { ...learner, resims: [...new Set([...learner.resims, ...body.resims])] } : learner,
    );
    return { count: body.learners.length * body.resims.length };
  });
  const deallocate = vi.fn(async (_spaceId: string, body: AllocationBody) => ({ count: body.learners.length * body.resims.length }));
  const api = {
    spaces: { list: async () => data.spaces ?? [spaceFixture('s1', 'Cardiology'), spaceFixture('s2', 'Neurology')] },
    resims: { list: async () => data.scenarios ?? [] },
    learners: { list, add, tag, remove, remind, allocate, deallocate },
  } as unknown as ApiClient;
  return { api, list, add, tag, remove, remind, allocate, deallocate };
};
