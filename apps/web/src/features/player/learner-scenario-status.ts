import type { LearnerScenario } from '@resim/contracts';
import { RunStatus } from '@resim/domain';
import { formatDateTime } from '../../ui/format';

/** Where one of a learner's scenarios stands for them, as a badge: the player's list and the console's Assessment share it. */
export type ScenarioStanding = { readonly label: string; readonly color: string };

const phaseLabels: Record<LearnerScenario['phase'], ScenarioStanding> = {
  lobby: { label: 'Waiting to start', color: 'yellow' },
  open: { label: 'Open', color: 'green' },
  closed: { label: 'Closed', color: 'gray' },
};

export const standingOf = (scenario: LearnerScenario): ScenarioStanding => {
  if (scenario.ended) return { label: 'Finished', color: 'blue' };
  if (scenario.schedule.phase === 'before') return { label: 'Not open yet', color: 'gray' };
  if (scenario.schedule.phase === 'after') return phaseLabels.closed;
  if (scenario.phase === 'closed' && scenario.resimStatus !== RunStatus.Finished) return { label: 'Not open yet', color: 'gray' };
  return phaseLabels[scenario.phase];
};

/** When the schedule keeps a scenario shut: when it opens, or that it closed. */
export const scheduleNote = ({ schedule }: LearnerScenario): string | null => {
  if (schedule.phase === 'before' && schedule.opens) return `Opens ${formatDateTime(schedule.opens)}`;
  if (schedule.phase === 'after' && schedule.closes) return `Closed ${formatDateTime(schedule.closes)}`;
  return null;
};
