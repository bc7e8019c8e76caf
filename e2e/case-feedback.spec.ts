import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/**
 * A self-paced case whose answer key marks tests required, unnecessary and harmful, with one right
 * diagnosis and a maximum of one; money in euros, a time measure in hours, costs shown. The pass
 * mark asks for every required test and no harmful one.
 */
const feedbackCase = (name: string) => ({
  details: {
    resimName: name,
    description: 'A tired patient with a low haemoglobin.',
    mode: 2,
    allowAnonymous: true,
    maxConclusions: 1,
    currency: 'EUR',
    settings: { showActionCosts: true },
    answers: {
      actions: ['act1', 'act2'],
      unnecessaryActions: ['act3'],
      harmfulActions: ['act4'],
      conclusions: ['conc1'],
    },
    passMark: { threshold: { kind: 'none' }, mustDo: true },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [
    { id: 'measure1', name: 'Budget', type: 1, initial: 1000 },
    { id: 'measure2', name: 'Time to diagnosis', type: 4, timeUnit: 'hours' },
  ],
  baseline: [{ id: 'baseline1', name: 'Presenting complaint', facts: 'Six weeks of tiredness.' }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L', impact: [{ measureId: 'measure1', value: -40 }] },
    { id: 'act2', name: 'Ferritin', stage: 'stg1', facts: 'Ferritin 6 µg/L', impact: [{ measureId: 'measure1', value: -25 }] },
    {
      id: 'act3',
      name: 'Chest X-ray',
      stage: 'stg1',
      facts: 'Clear lungs',
      impact: [
        { measureId: 'measure1', value: -60 },
        { measureId: 'measure2', value: 2 },
      ],
    },
    { id: 'act4', name: 'Bone marrow biopsy', stage: 'stg1', facts: 'Iron stores absent', impact: [{ measureId: 'measure2', value: 24 }] },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1' },
    { id: 'conc2', name: 'Leukaemia', stage: 'stg1' },
  ],
});

const chips = (page: Page) => page.getByRole('list', { name: 'Measures' }).getByRole('listitem');

test('a case that teaches: costs before running, one diagnosis for the whole run, the answer key item by item at the end', async ({
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Tired patient ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, feedbackCase(name));
  await api('POST', `/admin/control/${created.id}/2`);

  // The learner joins; the run token lets the test speak for them to the API as well.
  await page.goto(`/play/${created.code}`);
  await page.getByRole('textbox', { name: 'Nickname' }).fill('Ann');
  const joined = page.waitForResponse((response) => response.url().includes('/learn/join/') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  const { gameId, runToken } = (await (await joined).json()) as { gameId: string; runToken: string };

  // Each chip carries its measure's full name; the run's clock is a chip of its own.
  await expect(chips(page)).toHaveCount(3);
  await expect(chips(page).nth(0)).toContainText('Time taken');
  await expect(chips(page).nth(1)).toHaveText('Budget€1,000.00');
  await expect(chips(page).nth(2)).toHaveText('Time to diagnosis0 hours');

  // What each test costs shows before it is run, in euros and hours.
  await expect(page.getByRole('checkbox', { name: /Chest X-ray/ })).toContainText('Costs Budget -€60.00, Time to diagnosis +2 hours');
  await expect(page.getByRole('checkbox', { name: /Full blood count/ })).toContainText('Costs Budget -€40.00');
  await expectAccessible(page, 'player, a run with costs');
  await shoot(page, 'case-feedback-run.png');

  // On a phone every chip is in view whole: the chips wrap rather than scroll off the edge.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  for (const chip of await chips(page).all()) await expect(chip).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, 'player, a run with costs on a phone');
  await shoot(page, 'case-feedback-run-phone.png');
  await page.setViewportSize(desktop);

  for (const test of ['Full blood count', 'Chest X-ray', 'Bone marrow biopsy']) {
    await page.getByRole('checkbox', { name: new RegExp(test) }).click();
  }
  await page.getByRole('button', { name: 'Run tests (3)' }).click();
  await expect(chips(page).nth(1)).toHaveText('Budget€900.00');
  await expect(chips(page).nth(2)).toHaveText('Time to diagnosis26 hours');

  await page.getByRole('button', { name: 'Diagnose' }).click();
  const chooser = page.getByRole('dialog', { name: 'Diagnosis' });
  await chooser.getByRole('checkbox', { name: /Iron deficiency anaemia/ }).click();
  await expectAccessible(page, 'player, the diagnosis dialog');
  await chooser.getByRole('button', { name: 'Confirm Diagnosis' }).click();
  await expect(chooser).toBeHidden();

  // The maximum holds for the whole run: the player says the learner is done, and the server refuses another.
  const diagnosis = page.getByRole('region', { name: 'Diagnosis' });
  await expect(diagnosis.getByText('You are done. End the simulation when you are ready.')).toBeVisible();
  await expect(diagnosis.getByRole('button', { name: 'Diagnose' })).toHaveCount(0);
  const second = await page.request.post(`/learn/game/${gameId}/event`, {
    headers: { 'x-run-token': runToken },
    data: { type: 'confirmConclusions', conclusionIds: ['conc2'] },
  });
  expect(second.status()).toBe(400);
  expect(((await second.json()) as { message: string }).message).toBe('You can select 1 diagnosis');
  await expectAccessible(page, 'player, the diagnosis made');
  await shoot(page, 'case-feedback-done.png');

  await diagnosis.getByRole('button', { name: 'End simulation' }).click();
  await expectAccessible(page, 'player, asked to end the simulation');
  await page.getByRole('dialog', { name: 'End simulation' }).getByRole('button', { name: 'End simulation' }).click();
  await expect(page.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();

  // The answer key's verdict, item by item.
  const verdict = page.getByRole('region', { name: 'How you did' });
  await expect(verdict.getByRole('region', { name: 'Required tests missed' })).toContainText('Ferritin');
  await expect(verdict.getByRole('region', { name: 'Required tests missed' })).not.toContainText('Full blood count');
  await expect(verdict.getByRole('region', { name: 'Unnecessary tests run' })).toContainText('Chest X-ray');
  await expect(verdict.getByRole('region', { name: 'Harmful tests run' })).toContainText('Bone marrow biopsy');
  await expect(verdict.getByRole('region', { name: 'Diagnoses' })).toContainText('Iron deficiency anaemiaRight');
  await expect(chips(page).nth(0)).toContainText('Time taken');
  await expect(chips(page).nth(1)).toHaveText('Budget€900.00');
  await expectAccessible(page, 'player, the end with the answer key');
  await shoot(page, 'case-feedback-end.png');

  // The pass mark's verdict, announced, with its reasons; read whole on a phone.
  const passMark = page.getByRole('status').filter({ hasText: 'Not passed' });
  await expect(passMark.getByRole('listitem')).toHaveText([
    'Required test “Ferritin” was not run',
    'Harmful test “Bone marrow biopsy” was run',
  ]);
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(passMark).toBeInViewport();
  for (const reason of await passMark.getByRole('listitem').all()) await expect(reason).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, 'player, the end with the pass mark on a phone');
  await shoot(page, 'case-feedback-end-phone.png');
  await page.setViewportSize(desktop);

  // The author's side, the opening finished and the scenario editable again: the answer key's marks, the currency and the time unit as saved.
  for (const status of [3, 0]) await api('POST', `/admin/control/${created.id}/${status}`);
  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('tab', { name: 'Answer key' }).click();
  const marked = (test: string, mark: string) => page.getByRole('radiogroup', { name: test }).getByRole('radio', { name: mark });
  await expect(marked('Full blood count', 'Required')).toBeChecked();
  await expect(marked('Chest X-ray', 'Unnecessary')).toBeChecked();
  await expect(marked('Bone marrow biopsy', 'Harmful')).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Iron deficiency anaemia/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'No points needed' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Every required test must be run, and no harmful one' })).toBeChecked();
  await expectAccessible(page, 'editor, Answer key');
  await shoot(page, 'case-feedback-answer-key.png');

  // The opening's scoreboard: the run failed, its reasons on the badge, the pass rate in the summary.
  await page.goto(`/resim/${created.id}?tab=scoreboard`);
  const board = page.getByRole('table', { name: 'Learners by rank' });
  await expect(
    board.getByLabel('Failed: Required test “Ferritin” was not run. Harmful test “Bone marrow biopsy” was run', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Pass rate')).toHaveText('0 %Passed: 0 of 1 judged');
  await expectAccessible(page, 'editor, a scoreboard with a pass mark');
  await shoot(page, 'case-feedback-scoreboard.png');
  await page.getByRole('tab', { name: 'Details & settings' }).click();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR · Euro');
  await expect(page.getByRole('switch', { name: 'Show costs' })).toBeChecked();
  await expectAccessible(page, 'editor, Details with costs shown');
  await shoot(page, 'case-feedback-details.png');
  await page.getByRole('tab', { name: /Measures/ }).click();
  await expect(page.getByRole('navigation', { name: 'Measures', exact: true }).getByRole('button', { name: /Budget/ })).toContainText(
    'Money · starts at €1,000.00',
  );
  await page
    .getByRole('navigation', { name: 'Measures', exact: true })
    .getByRole('button', { name: /Time to diagnosis/ })
    .click();
  await expect(page.getByRole('combobox', { name: 'Time unit' })).toHaveValue('Hours');
  await expectAccessible(page, 'editor, Measures');
  await shoot(page, 'case-feedback-measure.png');

  // A measure other than money and time may show in the costs too; naming one warns that it gives the answer key away.
  await page.getByRole('button', { name: 'Add points' }).click();
  await page.getByRole('tab', { name: 'Details & settings' }).click();
  await page.getByRole('combobox', { name: 'Also show in the costs' }).click();
  await page.getByRole('option', { name: 'Points', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alert').filter({ hasText: 'This reveals the answer key' })).toContainText(
    'Learners will see what each test does to Points',
  );
  await expectAccessible(page, 'editor, Details with the revealed-measure warning');
  await shoot(page, 'case-feedback-revealed-measure.png');
});
