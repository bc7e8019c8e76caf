import type { AuditEntry, BoardLearner, Dashboard, Scoreboard } from '@resim/contracts';
import type { ScenarioContent } from '@resim/domain';
import { vi } from 'vitest';
import type { PanelProps } from '../editor-types';

/** What the editor gives a results sub-screen, for a scenario r1 viewed only. */
export const panelPropsOf = (content: ScenarioContent): PanelProps => ({ resimId: 'r1', content, readOnly: true, onChange: vi.fn() });

export const instanceOf = (id: string, created: string, changes: Partial<Dashboard['instances'][number]> = {}) => ({
  id,
  created,
  players: 0,
  playing: 0,
  finished: 0,
  averagePoints: null,
  revision: null,
  mostPoints: null,
  ...changes,
});

export const dashboardOf = (changes: Partial<Dashboard> = {}): Dashboard => ({
  resimId: 'r1',
  resimStatus: 2,
  phase: 'open',
  code: 'ABC234',
  currentInstanceId: null,
  instances: [],
  testRuns: 0,
  ...changes,
});

export const boardLearnerOf = (nickname: string, changes: Partial<BoardLearner> = {}): BoardLearner => ({
  gameId: `g-${nickname}`,
  nickname,
  joined: '2025-05-01T10:00:00.000Z',
  startedAt: null,
  endedAt: null,
  eventCount: 0,
  points: null,
  durationMs: null,
  rank: null,
  endReason: null,
  verdict: null,
  accommodation: null,
  ...changes,
});

export const scoreboardOf = (instanceId: string, learners: BoardLearner[], changes: Partial<Scoreboard> = {}): Scoreboard => ({
  resimId: 'r1',
  instanceId,
  resimName: 'Anaemia clinic',
  players: learners.length,
  finished: learners.filter((learner) => learner.endedAt !== null).length,
  averagePoints: null,
  locked: false,
  learners,
  ...changes,
});

export const auditEntryOf = (nickname: string, seq: number, type: string, detail: Record<string, unknown> = {}): AuditEntry => ({
  gameId: `g-${nickname}`,
  nickname,
  seq,
  type,
  detail,
  at: new Date(Date.UTC(2025, 4, 1, 10, 0, seq)).toISOString(),
});

/** The learners' extra-time badges in `container`, as a screen reader reads them ('Extra time: +50 % time'). */
export const extraTimeBadges = (container: HTMLElement): string[] =>
  [...container.querySelectorAll('.mantine-Badge-root')].flatMap((badge) =>
    badge.textContent?.startsWith('Extra time: ') ? [badge.textContent] : [],
  );
