/** The scenario the live-session benchmarks play, how it is made and run through the API, and what a step's answer must show. */
import { call, type Api } from './api';
import type { ResultMessage } from './learner-sockets';

export const actionId = (k: number) => `act${k}`;

/** A scenario that anyone may join with a nickname: one stage, a points measure and `actionCount` actions without requirements. */
const scenarioBody = (revision: number, name: string, mode: number, actionCount: number) => ({
  revision,
  details: { resimName: name, mode, allowAnonymous: true, allowSignin: true },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: Array.from({ length: actionCount }, (_, at) => ({
    id: actionId(at + 1),
    name: `Test ${at + 1}`,
    stage: 'stg1',
    facts: `result ${at + 1}`,
    impact: [{ measureId: 'points', value: 1 }],
  })),
  conclusions: [
    { id: 'conc1', name: 'Diagnosis 1', stage: 'stg1' },
    { id: 'conc2', name: 'Diagnosis 2', stage: 'stg1' },
  ],
});

/** Makes the scenario in a new space (mode: SimulationMode's); answers its id. */
export const createLiveScenario = async (api: Api, { name, mode, actionCount }: { name: string; mode: number; actionCount: number }) => {
  const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: name });
  const created = await call<{ id: string; revision: number }>(api, 'POST', '/admin/resim/new', { groupId: space.id });
  const saved = await call<{ actions: unknown[] }>(
    api,
    'PATCH',
    `/admin/resim/${created.id}`,
    scenarioBody(created.revision, name, mode, actionCount),
  );
  if (saved.actions.length !== actionCount) throw new Error(`scenario saved with ${saved.actions.length} actions, expected ${actionCount}`);
  return created.id;
};

/** POST /admin/control/{id}/{status}; answers the scenario's join code. */
export const setStatus = async (api: Api, id: string, status: number): Promise<string | null> =>
  (await call<{ code: string | null }>(api, 'POST', `/admin/control/${id}/${status}`, undefined)).code;

/** The product must answer a learner's k-th action with what changed: the action done, as the run's k-th event. */
export const checkResult = (result: ResultMessage, k: number, id: string): string | undefined => {
  const eventCount = result.delta?.set?.eventCount;
  if (eventCount !== k) return `eventCount ${String(eventCount)} instead of ${k}`;
  const lines = (result.delta?.patch?.view?.splice?.actions ?? []).flatMap(([, , ...items]) => items);
  const action = lines.find((candidate) => candidate.id === id);
  if (action?.availability !== 'done') return `${id} shows as ${action?.availability ?? 'unchanged'}`;
  return undefined;
};
