import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

type SignIn = { email: string; password: string };

/** The demo administrator the server made on its first start in the fresh data folder. */
const demoSignIn = (): SignIn => {
  const dataDir = process.env['RESIM_E2E_DATA_DIR'];
  if (!dataDir) throw new Error('RESIM_E2E_DATA_DIR is not set; run through playwright.config.ts');
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as SignIn;
};

/** A full-page picture from the top, with no tooltip left open under the pointer. */
const shoot = async (page: Page, name: string) => {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshots, name), fullPage: true });
};

const signIn = async (page: Page) => {
  const { email, password } = demoSignIn();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
};

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });
const list = (page: Page, name: string) => page.getByRole('navigation', { name, exact: true });
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });

/** Picks an option of a Mantine select or multi-select by the field's label. */
const choose = async (page: Page, input: Locator, option: string) => {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const newScenario = async (page: Page): Promise<string> => {
  await page.getByRole('region', { name: 'Demo space' }).getByRole('button', { name: 'New scenario in Demo space' }).click();
  await page.waitForURL(/\/resim\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Simulation (Unfinished)' })).toBeVisible();
  return new URL(page.url()).pathname;
};

const saveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /changes|saved|Saving/i });

const saveResponse = (page: Page) =>
  page.waitForResponse(
    (response) => /\/admin\/resim\/[^/]+$/.test(new URL(response.url()).pathname) && response.request().method() === 'PATCH',
  );

test('build a scenario in the editor, save it, reload it, and meet a blocked stage deletion', async ({ page }) => {
  await signIn(page);
  const space = page.getByRole('region', { name: 'Demo space' });

  // A new scenario from Home opens in the editor.
  const resimPath = await newScenario(page);
  const status = saveStatus(page);
  await expect(status).toHaveText('No changes');

  // Details: a name, and undo/redo over it.
  const name = `Anaemia workup ${Date.now().toString(36)}`;
  await field(page, 'Name').fill(name);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(status).toHaveText('Unsaved changes');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(field(page, 'Name')).toHaveValue('New Simulation (Unfinished)');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(field(page, 'Name')).toHaveValue(name);
  await field(page, 'Description').fill('A tired patient with pale conjunctivae.');
  await shoot(page, 'editor-details.png');

  // Stages: two, the first becoming the default.
  await tab(page, /Stages/).click();
  await page.getByRole('button', { name: 'Add stage' }).click();
  await field(page, 'Stage name').fill('History');
  await page.getByRole('button', { name: 'Add stage' }).click();
  await field(page, 'Stage name').fill('Examination');
  await expect(list(page, 'Stages').getByRole('button')).toHaveCount(2);
  await list(page, 'Stages')
    .getByRole('button', { name: /History/ })
    .click();
  await expect(page.getByText('Default stage: open when a run starts')).toBeVisible();
  await list(page, 'Stages')
    .getByRole('button', { name: /Examination/ })
    .click();
  await expect(page.getByRole('button', { name: 'Make default stage' })).toBeEnabled();

  // Measures: points, the score.
  await tab(page, /Measures/).click();
  await page.getByRole('button', { name: 'Add points' }).click();
  await expect(field(page, 'Id')).toHaveValue('points');

  // Tests: four, with facts, in both stages, most of them scoring.
  await tab(page, /Tests/).click();
  const tests = [
    { name: 'Full blood count', stage: 'History', facts: 'Hb 84 g/L, MCV 68 fL.', impact: '+10 points' },
    { name: 'Ferritin', stage: 'History', facts: 'Ferritin 6 µg/L.', impact: '+10 points' },
    { name: 'Blood film', stage: 'Examination', facts: 'Microcytic, hypochromic cells; pencil cells.', impact: '+1 points' },
    { name: 'Bone marrow biopsy', stage: 'Examination', facts: 'Absent iron stores.', impact: '-10 points' },
  ];
  for (const item of tests) {
    await page.getByRole('button', { name: 'Add test' }).click();
    await field(page, 'Name').fill(item.name);
    await choose(page, page.getByRole('combobox', { name: 'Stage', exact: true }), item.stage);
    await field(page, 'Test Results').fill(item.facts);
    await page.getByRole('button', { name: item.impact, exact: true }).click();
  }
  await expect(list(page, 'Tests').getByRole('button')).toHaveCount(4);

  // One requirement: Ferritin only after the full blood count.
  await list(page, 'Tests')
    .getByRole('button', { name: /Ferritin/ })
    .click();
  const requiredTests = page.getByRole('group', { name: 'Required tests' });
  await choose(page, requiredTests.getByRole('combobox', { name: 'All of' }), 'Full blood count');
  await page.keyboard.press('Escape');
  await shoot(page, 'editor-tests.png');

  // Diagnoses: two.
  await tab(page, 'Diagnosis').click();
  await page.getByRole('button', { name: 'Add diagnosis' }).click();
  await field(page, 'Name').fill('Iron deficiency anaemia');
  await page.getByRole('button', { name: 'Add diagnosis' }).click();
  await field(page, 'Name').fill('Thalassaemia trait');
  await expect(list(page, 'Diagnosis').getByRole('button')).toHaveCount(2);

  // The answer key: one test and one diagnosis.
  await tab(page, 'Answer key').click();
  await page.getByRole('checkbox', { name: /Ferritin/ }).check();
  await page.getByRole('checkbox', { name: /Iron deficiency anaemia/ }).check();
  await shoot(page, 'editor-answers.png');

  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`${resimPath}`));

  // Save with the keyboard: only the changed parts go, with the revision.
  const saved = saveResponse(page);
  await page.keyboard.press('Control+s');
  const response = await saved;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  expect(Object.keys(sent).sort()).toEqual(['actions', 'conclusions', 'details', 'measures', 'revision', 'stages']);
  expect(Object.keys(sent['details'] as object).sort()).toEqual(['answers', 'description', 'resimName']);
  await expect(page.getByText('Resim saved successfully')).toBeVisible();
  await expect(status).toHaveText('All changes saved');
  await shoot(page, 'editor-saved.png');

  // View only, then back to editing.
  await tab(page, 'Diagnosis').click();
  await page.getByText('View', { exact: true }).click();
  await expect(field(page, 'Name')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Add diagnosis' })).toBeHidden();
  await shoot(page, 'editor-view-only.png');
  await page.getByText('Edit', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add diagnosis' })).toBeVisible();

  // Reloaded, the scenario is the same.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(tab(page, /Tests/)).toContainText('4');
  await tab(page, /Tests/).click();
  await expect(list(page, 'Tests').getByRole('button')).toHaveText([
    /Full blood count.*History/,
    /Ferritin.*History/,
    /Blood film.*Examination/,
    /Bone marrow biopsy.*Examination/,
  ]);
  await list(page, 'Tests')
    .getByRole('button', { name: /Ferritin/ })
    .click();
  await expect(field(page, 'Test Results')).toHaveValue('Ferritin 6 µg/L.');
  await expect(page.getByRole('group', { name: 'Required tests' })).toContainText('Full blood count');
  await expect(page.getByRole('group', { name: 'Impact on measures' }).getByRole('textbox', { name: 'Change by' })).toHaveValue('10');
  await list(page, 'Tests')
    .getByRole('button', { name: /Bone marrow biopsy/ })
    .click();
  await expect(page.getByRole('group', { name: 'Impact on measures' }).getByRole('textbox', { name: 'Change by' })).toHaveValue('-10');
  await tab(page, 'Diagnosis').click();
  await expect(list(page, 'Diagnosis').getByRole('button')).toHaveText([/Iron deficiency anaemia/, /Thalassaemia trait/]);
  await tab(page, /Measures/).click();
  await expect(list(page, 'Measures').getByRole('button')).toHaveText([/Points/]);
  await tab(page, 'Answer key').click();
  await expect(page.getByRole('checkbox', { name: /Ferritin/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Full blood count/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Iron deficiency anaemia/ })).toBeChecked();

  // A stage that still holds tests cannot be deleted, and says why, word for word.
  await tab(page, /Stages/).click();
  await list(page, 'Stages')
    .getByRole('button', { name: /History/ })
    .click();
  await page.getByRole('button', { name: 'Delete stage' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This stage cannot be deleted' })).toContainText(
    'Cannot delete History as it still contains tests',
  );
  await expect(page.getByText('Cannot delete History as it still contains tests').first()).toBeVisible();
  await expect(list(page, 'Stages').getByRole('button')).toHaveCount(2);
  await shoot(page, 'editor-stage-delete.png');

  // Measures in use cannot be deleted either: the button says why.
  await tab(page, /Measures/).click();
  await expect(page.getByRole('button', { name: 'Delete measure' })).toBeDisabled();
  await shoot(page, 'editor-measures.png');

  // Reloading the page with unsaved changes asks the browser's question; going on loses them.
  await tab(page, /Details/).click();
  await field(page, 'Name').fill('Not kept');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await expect(field(page, 'Name')).toHaveValue(name);

  // Home lists the scenario under its new name.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  await expect(space.getByRole('link', { name })).toBeVisible();
});

test('two authors save the same scenario: the second keeps their work part by part', async ({ page, context }) => {
  await signIn(page);
  const resimPath = await newScenario(page);
  const other = await context.newPage();
  await other.goto(resimPath);
  await expect(other.getByRole('heading', { level: 1, name: 'New Simulation (Unfinished)' })).toBeVisible();

  // The first author renames the scenario and describes it, and saves.
  await field(page, 'Name').fill('Shared case');
  await field(page, 'Description').fill('Written by the first author.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(saveStatus(page)).toHaveText('All changes saved');

  // The second, still on the first revision, describes it too and adds a stage.
  await field(other, 'Description').fill('Written by the second author.');
  await tab(other, /Stages/).click();
  await other.getByRole('button', { name: 'Add stage' }).click();
  await field(other, 'Stage name').fill('Presentation');
  await other.getByRole('button', { name: 'Save' }).click();

  const dialog = other.getByRole('dialog', { name: 'Someone else saved this scenario' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Only you changed: Stages');
  await expect(dialog).toContainText('Only they changed: Name');
  await expect(dialog.getByRole('row', { name: /Description/ })).toBeVisible();
  await shoot(other, 'editor-conflict.png');

  // Their description, my stage, their name.
  await dialog
    .getByRole('row', { name: /Description/ })
    .getByText('Theirs')
    .click();
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(dialog).toBeHidden();
  await expect(saveStatus(other)).toHaveText('All changes saved');
  await expect(other.getByRole('heading', { level: 1, name: 'Shared case' })).toBeVisible();
  await expect(list(other, 'Stages').getByRole('button', { name: /Presentation/ })).toBeVisible();

  // The first author reloads and sees both.
  await page.reload();
  await expect(field(page, 'Description')).toHaveValue('Written by the first author.');
  await expect(tab(page, /Stages/)).toContainText('1');
  await other.close();
});

test('scenario menu on Home: clone, export, import and delete', async ({ page }) => {
  await signIn(page);
  await newScenario(page);
  const name = `Menu case ${Date.now().toString(36)}`;
  await field(page, 'Name').fill(name);
  await page.keyboard.press('Control+s');
  await expect(saveStatus(page)).toHaveText('All changes saved');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();

  const space = page.getByRole('region', { name: 'Demo space' });
  const cards = space.getByRole('link', { name, exact: true });
  await expect(cards).toHaveCount(1);

  // Clone: a second scenario of the same content.
  await space
    .getByRole('button', { name: `Actions for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Clone' }).click();
  await expect(space.getByRole('link', { name: new RegExp(name) })).toHaveCount(2);

  // Export: a JSON file that import reads back.
  const download = page.waitForEvent('download');
  await space
    .getByRole('button', { name: `Actions for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^menu-case-.*\.resim\.json$/);
  const exported = fs.readFileSync(await file.path(), 'utf8');
  expect(JSON.parse(exported)).toMatchObject({ format: 'resim-export', version: 1, scenarios: [{ resimName: name }] });

  await space.getByRole('button', { name: 'Import scenarios into Demo space' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import scenarios into Demo space' });
  await importDialog.getByRole('textbox', { name: 'Exported JSON' }).fill(exported);
  await expect(importDialog.getByText('1 scenario ready to import.')).toBeVisible();
  await shoot(page, 'editor-import.png');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog).toBeHidden();
  await expect(space.getByRole('link', { name: new RegExp(name) })).toHaveCount(3);

  // Delete, after confirming.
  const before = await space.getByRole('link', { name: new RegExp(name) }).count();
  await space
    .getByRole('button', { name: `Actions for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete scenario' });
  await confirm.getByRole('button', { name: 'Delete scenario' }).click();
  await expect(confirm).toBeHidden();
  await expect(space.getByRole('link', { name: new RegExp(name) })).toHaveCount(before - 1);
  await shoot(page, 'editor-home.png');
});

test('the flow chart draws the demo scenario and opens a test when its box is clicked', async ({ page }) => {
  await signIn(page);
  await page
    .getByRole('link', { name: /Chest pain in the emergency department/ })
    .first()
    .click();
  await tab(page, /Flow chart/).click();
  const chart = page.getByTestId('flow-chart');
  await expect(chart.locator('.react-flow__node')).toHaveCount(2 + 4 + 2);
  await expect(chart.locator('.react-flow__edge').first()).toBeVisible();
  await shoot(page, 'editor-flow-chart.png');
  await page.getByText('Right to left', { exact: true }).click();
  await chart.locator('.react-flow__node', { hasText: 'Troponin' }).click();
  await expect(page).toHaveURL(/tab=actions&item=act3/);
  await expect(field(page, 'Name')).toHaveValue('Troponin');
});
