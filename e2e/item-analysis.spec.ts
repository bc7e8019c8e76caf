import fs from 'node:fs';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

const exam = (name: string) => ({
  details: {
    resimName: name,
    mode: 2,
    allowAnonymous: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], unnecessaryActions: ['act2'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', feedback: 'First.', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Ferritin', stage: 'stg1', feedback: 'Not needed yet.' },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency', stage: 'stg1', feedback: 'Right.', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1', feedback: 'No.' },
  ],
});

test('a host opens the item analysis of an opening, reads which items work, and downloads it', async ({ page }) => {
  test.setTimeout(120_000);
  const api = apiAs(page, demoAdmin().email);
  const name = `Anaemia exam ${Date.now().toString(36)}`;
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', {
    groupId: spaces.find((s) => s.description === 'Demo space')!.id,
  });
  await api('PATCH', `/admin/resim/${created.id}`, exam(name));
  await api('POST', `/admin/control/${created.id}/2`);
  const learners: [string, object[]][] = [
    [
      'Ann',
      [
        { type: 'runAction', actionId: 'act1' },
        { type: 'confirmConclusions', conclusionIds: ['conc1'] },
      ],
    ],
    [
      'Ben',
      [
        { type: 'runAction', actionId: 'act1' },
        { type: 'runAction', actionId: 'act2' },
        { type: 'confirmConclusions', conclusionIds: ['conc1'] },
      ],
    ],
    ['Cat', [{ type: 'confirmConclusions', conclusionIds: ['conc2'] }]],
    [
      'Dan',
      [
        { type: 'runAction', actionId: 'act1' },
        { type: 'confirmConclusions', conclusionIds: ['conc2'] },
      ],
    ],
  ];
  for (const [nickname, steps] of learners) {
    const joined = (await (await page.request.post(`/learn/join/${created.code}`, { data: { nickname } })).json()) as {
      gameId: string;
      runToken: string;
    };
    for (const step of [...steps, { type: 'end' }])
      expect(
        (await page.request.post(`/learn/game/${joined.gameId}/event`, { headers: { 'x-run-token': joined.runToken }, data: step })).ok(),
      ).toBe(true);
  }

  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${created.id}`);
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  const items = page.getByRole('table', { name: 'Items' });
  await expect(page.getByLabel('Whole test')).toContainText('4 finished runs.');
  await expect(items.getByRole('row')).toHaveCount(4);
  await expect(items.getByRole('row').nth(1)).toContainText('Full blood count');
  await expect(items.getByRole('row').nth(1)).toContainText('75 %');
  await expect(page.getByRole('img', { name: 'Items by facility and discrimination' })).toBeVisible();
  await shoot(page, 'item-analysis.png');
  await expectAccessible(page, 'editor, item analysis of an opening');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('item,kind,facility,point_biserial,upper_lower,flags,note');
  expect(csv).toContain('Full blood count,required test,0.75,');
  expect(csv).toContain('Learners,,4,');

  // Every opening of the version pooled (one so far), and the same figures as a workbook.
  await page.getByText(/^Every opening of revision \d+ \(1\)$/).click();
  await expect(page.getByLabel('Whole test')).toContainText(/4 finished runs from 1 opening of revision \d+\./);
  await expectAccessible(page, 'editor, item analysis of every opening of a version');
  const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
  expect(workbook.suggestedFilename()).toMatch(/-item-analysis-revision-\d+\.xlsx$/);
  expect(
    fs
      .readFileSync(await workbook.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await shoot(page, 'item-analysis-version.png');
});
