import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/** A self-paced case with an answer key: one test required, one unnecessary, one harmful, one right diagnosis. */
const keyedCase = {
  details: {
    resimName: 'Anaemia clinic',
    mode: 2,
    allowSignin: true,
    allowAnonymous: true,
    maxConclusions: 1,
    userRestriction: { pattern: ['*@cohort.test'] },
    answers: { actions: ['act1'], unnecessaryActions: ['act2'], harmfulActions: ['act3'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Ferritin', stage: 'stg1', impact: [{ measureId: 'points', value: 5 }] },
    { id: 'act3', name: 'Transfusion', stage: 'stg1', impact: [{ measureId: 'points', value: -20 }] },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: -10 }] },
  ],
};

type Api = ReturnType<typeof apiAs>;

/** A learner plays through the API: joins, takes the steps given, ends unless told not to. */
const play = async (learner: Api, code: string, steps: object[], end = true) => {
  const { gameId } = await learner<{ gameId: string }>('POST', `/learn/join/${code}`, {});
  for (const step of [...steps, ...(end ? [{ type: 'end' }] : [])]) await learner('POST', `/learn/game/${gameId}/event`, step);
};

const cohortMember = (page: Page, email: string) => {
  cli('user', 'create', '--email', email, '--password', 'Learner-password-1357', '--groups', '');
  return apiAs(page, email);
};

test("Intel: a space's runs by day, completion, the measures' spread and the hardest items", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const admin = apiAs(page, demoAdmin().email);
  const spaceName = `Insight ${suffix}`;
  const { id: spaceId } = await admin<{ id: string }>('POST', '/admin/space', { description: spaceName });
  const created = await admin<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await admin('PATCH', `/admin/resim/${created.id}`, keyedCase);
  await admin('POST', `/admin/control/${created.id}/2`);
  const [ann, bob, cid] = ['ann', 'bob', 'cid'].map((name) => cohortMember(page, `${name}.${suffix}@cohort.test`)) as [Api, Api, Api];
  // Ann 30 points, right; Bob 5 with an unnecessary test and a wrong diagnosis; Cid -20 with a harmful one and no diagnosis.
  await play(ann, created.code, [
    { type: 'runAction', actionId: 'act1' },
    { type: 'confirmConclusions', conclusionIds: ['conc1'] },
  ]);
  await play(bob, created.code, [
    { type: 'runAction', actionId: 'act1' },
    { type: 'runAction', actionId: 'act2' },
    { type: 'confirmConclusions', conclusionIds: ['conc2'] },
  ]);
  await play(cid, created.code, [{ type: 'runAction', actionId: 'act3' }]);

  await signInAsDemoAdmin(page);
  await page.goto('/intel');
  await expect(page.getByRole('heading', { name: 'Intel', level: 1 })).toBeVisible();
  await expect(page.getByText('not available yet')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Space' }).click();
  await page.getByRole('option', { name: spaceName }).click();
  await expect(page).toHaveURL(new RegExp(`space=${spaceId}`));

  await expect(page.locator('[data-figure="Runs started"]')).toHaveText('3');
  await expect(page.locator('[data-figure="Runs finished"]')).toHaveText('3');
  await expect(page.locator('[data-figure="Completion"]')).toHaveText('100%');
  await expect(page.getByRole('figure', { name: 'Runs by day' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Completion by scenario' }).locator('.recharts-bar-rectangle')).toHaveCount(1);
  await expect(page.getByRole('figure', { name: 'Points · Anaemia clinic' }).locator('.recharts-bar-rectangle')).toHaveCount(3);
  // Points 30, 5 and -20: average 5, standard deviation 20.41.
  await expect(page.getByRole('row', { name: /Points Anaemia clinic/ })).toHaveText('PointsAnaemia clinic35-203020.41');
  await expect(page.getByRole('row', { name: /Full blood count/ })).toContainText('1 of 3 (33%)');
  await expect(page.getByRole('row', { name: /Ferritin/ })).toContainText('1 of 3 (33%)');
  await expect(page.getByRole('row', { name: /Transfusion/ })).toContainText('1 of 3 (33%)');
  await expect(page.getByRole('row', { name: /B12 deficiency/ })).toContainText('1 of 3 (33%)');
  await page.getByText('Week', { exact: true }).click();
  await expect(page.getByRole('figure', { name: 'Runs by week' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shoot(page, 'intel.png');
  await expectAccessible(page, 'intel');

  // Narrowed to the scenario: its item analysis, by the version its learners played.
  await page.goto(`/intel?space=${spaceId}&resim=${created.id}`);
  const items = page.getByRole('region', { name: /^Item analysis, revision \d+$/ });
  await expect(items.getByLabel('Whole test')).toContainText('3 finished runs from 1 opening of revision');
  await expect(items.getByRole('table', { name: 'Items' }).getByRole('row', { name: /Full blood count/ })).toContainText('67 %');
  await shoot(page, 'intel-item-analysis.png');
  await expectAccessible(page, 'intel narrowed to a scenario, with its item analysis');

  // Days with no runs: the empty state.
  await page.getByLabel('From').fill('2000-01-01');
  await page.getByLabel('To').fill('2000-01-31');
  await expect(page.getByText('No runs to show')).toBeVisible();
  await expectAccessible(page, 'intel without runs');
  await shoot(page, 'intel-empty.png');

  // A day that does not exist, typed into the address.
  await page.goto('/intel?from=2025-02-30');
  await expect(page.getByRole('alert').filter({ hasText: 'These filters cannot be shown' })).toContainText(
    "querystring.from: '2025-02-30' is not a day",
  );
  await expectAccessible(page, 'intel, a bad filter');
});
