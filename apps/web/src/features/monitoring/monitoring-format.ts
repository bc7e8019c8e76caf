import type { ActiveClient } from '@resim/contracts';
import { byCount } from '@resim/domain';
import { stepPhrase } from '../resim-editor/results/audit-wording';

/**
 * How far a learner has got, 0 to 100: the tests run and diagnoses confirmed of those the
 * scenario offers (diagnoses up to the most that may be chosen); a finished run is complete.
 */
export const progressPercent = (client: Pick<ActiveClient, 'progress' | 'finished'>): number => {
  if (client.finished) return 100;
  const { actions, conclusions } = client.progress;
  const total = actions.total + conclusions.total;
  return total === 0 ? 0 : Math.round((100 * Math.min(total, actions.done + conclusions.done)) / total);
};

/** The progress as words beside the bar, in the simulation's default wording (SPEC 3). */
export const progressWords = (progress: ActiveClient['progress']): string =>
  `${progress.actions.done} of ${progress.actions.total} ${byCount(progress.actions.total, 'test', 'tests')} · ` +
  `${progress.conclusions.done} of ${progress.conclusions.total} ${byCount(progress.conclusions.total, 'diagnosis', 'diagnoses')}`;

/** The last step as a sentence about the learner: 'Ran Full blood count'; before any step, where they are. */
export const lastStepWords = (client: Pick<ActiveClient, 'lastStep' | 'startedAt'>): string => {
  if (!client.lastStep) return client.startedAt === null ? 'Joined, waiting for the start' : 'Started, no step yet';
  const phrase = stepPhrase(client.lastStep.type, client.lastStep.items);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
};

/** Who the learner is, as the console names them: the nickname, and the account behind it when signed in. */
export const learnerDetail = (learner: ActiveClient['learner']): string =>
  learner.anonymous ? 'Anonymous' : [learner.name, learner.email].filter((part) => part !== null && part !== '').join(' · ');

export type ScenarioGroup = {
  readonly id: string;
  readonly name: string;
  readonly spaceName: string;
  readonly clients: readonly ActiveClient[];
};

/** The runs by scenario, in the order the server gave them (most recently active first). */
export const groupByScenario = (clients: readonly ActiveClient[]): ScenarioGroup[] => {
  const groups = new Map<string, ScenarioGroup & { clients: ActiveClient[] }>();
  for (const client of clients) {
    const group = groups.get(client.scenario.id) ?? {
      id: client.scenario.id,
      name: client.scenario.name,
      spaceName: client.scenario.spaceName,
      clients: [],
    };
    group.clients.push(client);
    groups.set(client.scenario.id, group);
  }
  return [...groups.values()];
};
