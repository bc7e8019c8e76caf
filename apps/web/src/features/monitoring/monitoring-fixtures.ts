import type { ActiveClient, ClientsResponse } from '@resim/contracts';

/** An active learner as GET /admin/clients lists them, playing the first opening of 'Anaemia clinic'. */
export const clientOf = (nickname: string, overrides: Partial<ActiveClient> = {}): ActiveClient => ({
  gameId: `g-${nickname}`,
  learner: { nickname, name: null, email: null, anonymous: true },
  scenario: { id: 'r1', name: 'Anaemia clinic', spaceId: 's1', spaceName: 'Clinic' },
  opening: { id: 'i1', number: 1, status: 'open' },
  test: false,
  progress: { stages: { done: 1, total: 1 }, actions: { done: 0, total: 2 }, conclusions: { done: 0, total: 1 }, points: 0 },
  lastStep: null,
  joined: '2025-05-02T09:00:00.000Z',
  startedAt: '2025-05-02T09:00:00.000Z',
  lastActive: '2025-05-02T09:00:00.000Z',
  connected: false,
  finished: false,
  endReason: null,
  ...overrides,
});

export const clientsOf = (clients: ActiveClient[], resimId: string | null = null): ClientsResponse => ({
  since: '2025-05-01T09:00:00.000Z',
  windowHours: 24,
  resimId,
  clients,
  truncated: false,
});
