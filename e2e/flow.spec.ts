import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/** Self-paced: two tests, then a diagnosis stage that opens once the first test is run. */
const flowScenario = (name: string) => ({
  details: {
    resimName: name,
    mode: 2,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], unnecessaryActions: [], conclusions: ['conc1'] },
  },
  stages: [
    { id: 'stg1', name: 'History', default: true },
    { id: 'stg2', name: 'Diagnosis', requiredActions: { all: ['act1'], any: [], none: [] } },
  ],
  actions: [
    { id: 'act1', name: 'ECG', stage: 'stg1', facts: 'ST elevation' },
    { id: 'act2', name: 'Troponin', stage: 'stg1', facts: 'Raised', requiredActions: { all: ['act1'], any: [], none: [] } },
  ],
  conclusions: [
    { id: 'conc1', name: 'Myocardial infarction', stage: 'stg2' },
    { id: 'conc2', name: 'Pericarditis', stage: 'stg2' },
  ],
});

type Step = { type: 'runAction'; actionId: string } | { type: 'confirmConclusions'; conclusionIds: string[] } | { type: 'end' };
const run = (actionId: string): Step => ({ type: 'runAction', actionId });
const confirm = (conclusionId: string): Step => ({ type: 'confirmConclusions', conclusionIds: [conclusionId] });
const end: Step = { type: 'end' };

/** A learner joins without an account and takes the steps, as the player would. */
const play = async (request: APIRequestContext, code: string, nickname: string, steps: Step[]) => {
  const joined = await request.post(`/learn/join/${code}`, { data: { nickname } });
  expect(joined.ok(), await joined.text()).toBe(true);
  const { gameId, runToken } = (await joined.json()) as { gameId: string; runToken: string };
  for (const step of steps) {
    const taken = await request.post(`/learn/game/${gameId}/event`, { data: step, headers: { 'x-run-token': runToken } });
    expect(taken.ok(), await taken.text()).toBe(true);
  }
};

test("the learners' flow of an opening: counts on the chart, where runs stand, the wrong diagnoses, kept up to date", async ({ page }) => {
  test.setTimeout(120_000);
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, flowScenario(`Chest pain ${Date.now().toString(36)}`));

  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${created.id}?tab=learner-flow`);
  await expect(page.getByText('No sessions yet')).toBeVisible();
  await expectAccessible(page, "the learners' flow, no sessions yet");

  await api('POST', `/admin/control/${created.id}/2`);
  await play(page.request, created.code, 'Ann', [run('act1'), run('act2'), confirm('conc1'), end]);
  await play(page.request, created.code, 'Bob', [run('act1'), confirm('conc2'), end]);
  await play(page.request, created.code, 'Cat', [run('act1'), confirm('conc2')]);
  await play(page.request, created.code, 'Dan', [run('act1')]);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Opening' })).toHaveValue(/\(current\)$/);
  const node = (id: string) => page.getByTestId(`flow-node-${id}`);
  await expect(node('stg1')).toContainText('4 learners');
  await expect(node('stg2')).toContainText('4 learners');
  await expect(node('act1')).toContainText('4 learners');
  await expect(node('act1')).toContainText('1 stopped here');
  await expect(node('act2')).toContainText('1 learner');
  await expect(node('conc1')).toContainText('1 learner');
  await expect(node('conc2')).toContainText('2 learners');
  await expect(node('conc2')).toContainText('1 stopped here');
  // Edges carry the number of learners who took that step next.
  await expect(page.getByLabel('2 learners went from ECG to Pericarditis')).toHaveCount(1);
  await expect(page.getByLabel('1 learner went from Troponin to Myocardial infarction')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Wrong diagnoses picked' })).toHaveText('Pericarditis: 2 learners');
  const standing = page.getByRole('list', { name: 'Where unfinished runs stand' });
  await expect(standing.getByRole('listitem')).toHaveText(['ECG: 1 learner', 'Pericarditis: 1 learner']);
  await expectAccessible(page, "the learners' flow");
  await shoot(page, 'learner-flow.png');

  // The opening is finished: its runs under way stop, and the view shows it at its next poll.
  await api('POST', `/admin/control/${created.id}/3`);
  await expect(page.getByText('Every run has finished.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Runs counted')).toContainText('4 runs, 4 finished');
  await expect(node('act1')).not.toContainText('stopped here');
  await expect(node('conc2')).toContainText('2 learners');
  await expect(page.getByRole('list', { name: 'Wrong diagnoses picked' })).toHaveText('Pericarditis: 2 learners');
  await expectAccessible(page, "the learners' flow, finished");
  await shoot(page, 'learner-flow-finished.png');
});
