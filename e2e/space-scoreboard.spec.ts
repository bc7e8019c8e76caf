import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { expectAccessible } from './axe';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/** A self-paced case scored by points, open to the cohort's accounts. */
const pointsCase = (name: string) => ({
  details: { resimName: name, mode: 2, allowSignin: true, allowAnonymous: true, userRestriction: { pattern: ['*@cohort.test'] } },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Ferritin', stage: 'stg1', impact: [{ measureId: 'points', value: 5 }] },
  ],
});

type Api = ReturnType<typeof apiAs>;

/** A learner of the cohort plays a scenario through the API: joins, runs the tests named, ends. */
const play = async (learner: Api, code: string, actions: string[]) => {
  const { gameId } = await learner<{ gameId: string }>('POST', `/learn/join/${code}`, {});
  for (const actionId of actions) await learner('POST', `/learn/game/${gameId}/event`, { type: 'runAction', actionId });
  await learner('POST', `/learn/game/${gameId}/event`, { type: 'end' });
};

const cohortMember = (page: Page, email: string) => {
  cli('user', 'create', '--email', email, '--password', 'Learner-password-1357', '--groups', '');
  return apiAs(page, email);
};

test("a space's scoreboard: the cohort's scores learners × scenarios, other modes, and both files", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const admin = apiAs(page, demoAdmin().email);
  const spaceName = `Cohort ${suffix}`;
  const { id: spaceId } = await admin<{ id: string }>('POST', '/admin/space', { description: spaceName });
  const ann = `ann.${suffix}@cohort.test`;
  const bob = `bob.${suffix}@cohort.test`;
  const cid = `cid.${suffix}@cohort.test`;
  await admin('POST', `/admin/space/${spaceId}/learner`, { learners: [{ email: ann }, { email: bob }, { email: cid }] });
  const scenarios: { id: string; code: string }[] = [];
  for (const name of ['Anaemia', 'Bleeding']) {
    const created = await admin<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
    await admin('PATCH', `/admin/resim/${created.id}`, pointsCase(name));
    await admin('POST', `/admin/control/${created.id}/2`);
    scenarios.push(created);
  }
  const [anaemia, bleeding] = scenarios as [{ id: string; code: string }, { id: string; code: string }];
  const annApi = cohortMember(page, ann);
  const bobApi = cohortMember(page, bob);
  await play(annApi, anaemia.code, ['act1', 'act2']);
  await play(bobApi, anaemia.code, ['act1']);
  await play(annApi, bleeding.code, ['act1']);

  // From the space's settings to its scoreboard.
  await signInAsDemoAdmin(page);
  await page.goto(`/space/${spaceId}`);
  await page.getByRole('link', { name: 'Scoreboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/space/${spaceId}/scoreboard`));
  await expect(page.getByRole('heading', { name: `${spaceName}: scoreboard`, level: 1 })).toBeVisible();

  const grid = page.getByRole('table', { name: 'Results by learner' });
  await expect(grid.getByRole('columnheader')).toHaveText(['Learner', 'AnaemiaPoints', 'BleedingPoints']);
  await expect(grid.getByRole('row', { name: ann })).toContainText('15 #1');
  await expect(grid.getByRole('row', { name: ann })).toContainText('10 #1');
  await expect(grid.getByRole('row', { name: bob })).toContainText('10 #2');
  await expect(grid.getByRole('row', { name: cid })).toHaveText(`${cid}––`);
  await shoot(page, 'space-scoreboard-by-learner.png');
  await expectAccessible(page, 'space scoreboard by learner');

  // The CSV of the grid.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`Cohort-${suffix}-scoreboard-by-learner.csv`);
  const csvText = fs.readFileSync(await csv.path(), 'utf8');
  expect(csvText.trimEnd().split('\r\n')).toEqual(['learner,Anaemia (Points),Bleeding (Points)', `${ann},15,10`, `${bob},10,`, `${cid},,`]);

  // The XLSX of the grid: a zip file holding the same table.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`Cohort-${suffix}-scoreboard-by-learner.xlsx`);
  const bytes = fs.readFileSync(await xlsx.path());
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('By learner')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Learner', 'Anaemia (Points)', 'Bleeding (Points)']);
  expect(sheet.getRow(2).values).toEqual([undefined, ann, 15, 10]);
  expect(sheet.rowCount).toBe(4);

  // Every opening's runs, ranked within it.
  await page.locator('label', { hasText: 'By opening' }).click();
  await expect(page).toHaveURL(/mode=opening/);
  const openings = page.getByRole('table', { name: 'Results by opening' });
  await expect(openings.getByRole('row')).toHaveCount(4);
  await expect(openings.getByRole('row').nth(1)).toContainText('Anaemia');
  await expect(openings.getByRole('row').nth(1)).toContainText(ann);
  await shoot(page, 'space-scoreboard-by-opening.png');
  await expectAccessible(page, 'space scoreboard by opening');
});

test('a space without scenarios says so, and its files cannot be asked for', async ({ page }) => {
  const admin = apiAs(page, demoAdmin().email);
  const { id: spaceId } = await admin<{ id: string }>('POST', '/admin/space', { description: `Empty ${Date.now().toString(36)}` });
  await signInAsDemoAdmin(page);
  await page.goto(`/space/${spaceId}/scoreboard`);
  await expect(page.getByText('No scenarios in this space')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await expectAccessible(page, 'space scoreboard, empty');
});
