import type {
  AccommodationList,
  AddLearnersBody,
  AllocationBody,
  Learner,
  PatchLearnersBody,
  RemoveAccommodationBody,
  ResimSummary,
  SetAccommodationBody,
  Space,
} from '@resim/contracts';
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
export const fakeClientsApi = (
  data: { spaces?: Space[]; scenarios?: ResimSummary[]; learners?: Learner[]; accommodations?: AccommodationList } = {},
) => {
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
  const accommodationList = vi.fn(async (_spaceId: string) => data.accommodations ?? { learners: [], tags: [] });
  const accommodate = vi.fn(async (_spaceId: string, body: SetAccommodationBody) => ({
    count: (body.learners?.length ?? 0) + (body.tags?.length ?? 0),
  }));
  const unaccommodate = vi.fn(async (_spaceId: string, body: RemoveAccommodationBody) => ({
    count: (body.learners?.length ?? 0) + (body.tags?.length ?? 0),
  }));
  const api = {
    spaces: { list: async () => data.spaces ?? [spaceFixture('s1', 'Cardiology'), spaceFixture('s2', 'Neurology')] },
    resims: { list: async () => data.scenarios ?? [] },
    learners: { list, add, tag, remove, remind, allocate, deallocate },
    // The accommodations' calls go through `request`: they load with the Clients page only.
    request: async (options: { method: string; path: string; body?: unknown }) => {
      const spaceId = decodeURIComponent(/^\/admin\/space\/([^/]+)\/accommodation$/.exec(options.path)?.[1] ?? '');
      if (options.method === 'GET') return accommodationList(spaceId);
      if (options.method === 'PUT') return accommodate(spaceId, options.body as SetAccommodationBody);
      if (options.method === 'DELETE') return unaccommodate(spaceId, options.body as RemoveAccommodationBody);
      throw new Error(`no fake for ${options.method} ${options.path}`);
    },
  } as unknown as ApiClient;
  return { api, list, add, tag, remove, remind, allocate, deallocate, accommodationList, accommodate, unaccommodate };
};
