import { RunStatus, runReadingOf, type Scenario } from '@resim/domain';

export type Phase = 'lobby' | 'open' | 'closed';

/** Test Mode runs live under an instance of their own, kept apart from learners' results. */
export const testInstanceId = 'test';

/**
 * An author's preview of a scenario, in any status: its runs live under an opening of their own,
 * never one of the learners' (results, counts, scoreboards).
 */
export const previewInstanceId = (resimId: string): string => `preview-${resimId}`;
export const isPreviewInstance = (instanceId: string): boolean => instanceId.startsWith('preview-');

/**
 * Where a learner stands: a Realtime scenario gathers learners in its lobby (Waiting) and plays
 * while Running; a self-paced one plays while Open. Test Mode plays for the scenario's authors.
 */
export const phaseOf = (scenario: Pick<Scenario, 'resimStatus' | 'mode'>, test = false): Phase => {
  if (test) return scenario.resimStatus === RunStatus.TestMode ? 'open' : 'closed';
  if (runReadingOf(scenario.mode) === 'live' && scenario.resimStatus === RunStatus.Waiting) return 'lobby';
  return scenario.resimStatus === RunStatus.Running ? 'open' : 'closed';
};

/** Where a run stands: a preview plays whatever the scenario's status. */
export const phaseOfGame = (scenario: Pick<Scenario, 'resimStatus' | 'mode'>, game: { test: number; instance_id: string }): Phase =>
  isPreviewInstance(game.instance_id) ? 'open' : phaseOf(scenario, game.test === 1);

/** The opening learners join now: the last instance while a session or opening is on. */
export const currentInstanceId = (scenario: Pick<Scenario, 'resimStatus' | 'instances'>): string | null => {
  if (scenario.resimStatus === RunStatus.TestMode) return testInstanceId;
  const live = [RunStatus.Waiting, RunStatus.Running, RunStatus.Finished] as number[];
  return live.includes(scenario.resimStatus) ? (scenario.instances.at(-1)?.id ?? null) : null;
};
