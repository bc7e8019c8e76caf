import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

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
  const dialog = page.getByRole('dialog', { name: 'New scenario in Demo space' });
  await dialog.getByRole('radio', { name: /^Blank/ }).click();
  await expectAccessible(page, 'Home, the new-scenario dialog');
  await dialog.getByRole('button', { name: 'Create scenario' }).click();
  await page.waitForURL(/\/resim\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Simulation (Unfinished)' })).toBeVisible();
  return new URL(page.url()).pathname;
};

const saveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /changes|saved|Saving/i });

type Saved = Record<string, unknown> & { id: string; revision: number };

/** A scenario as its content: without what the server owns. */
const contentOf = (scenario: Saved) => {
  const {
    id: _id,
    created: _created,
    revision: _revision,
    instances: _instances,
    resimStatus: _status,
    code: _code,
    ...content
  } = scenario;
  return content;
};

const resimResponse = (page: Page, method: 'GET' | 'PATCH') =>
  page.waitForResponse(
    (response) => /\/admin\/resim\/[^/]+$/.test(new URL(response.url()).pathname) && response.request().method() === method,
  );

test('build a scenario from scratch, save, reload, chart it, clone, export and re-import it, and meet a blocked stage deletion', async ({
  page,
}) => {
  test.setTimeout(180_000);
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

  // Tests: four, with facts, in both stages, each with an impact on points.
  await tab(page, /Tests/).click();
  const tests = [
    { name: 'Full blood count', stage: 'History', facts: 'Hb 84 g/L, MCV 68 fL.', impact: '+10 points' },
    { name: 'Ferritin', stage: 'History', facts: 'Ferritin 6 µg/L.', impact: '+10 points' },
    { name: 'Blood film', stage: 'Examination', facts: 'Microcytic, hypochromic cells; pencil cells.', impact: '+1 point' },
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

  // One activator: running the full blood count opens the examination at once.
  await list(page, 'Tests')
    .getByRole('button', { name: /Full blood count/ })
    .click();
  await choose(page, page.getByRole('combobox', { name: 'Opens stages' }), 'Examination');
  await page.keyboard.press('Escape');
  await shoot(page, 'editor-tests.png');

  // Diagnoses: two.
  await tab(page, 'Diagnosis').click();
  await page.getByRole('button', { name: 'Add diagnosis' }).click();
  await field(page, 'Name').fill('Iron deficiency anaemia');
  await page.getByRole('button', { name: 'Add diagnosis' }).click();
  await field(page, 'Name').fill('Thalassaemia trait');
  await expect(list(page, 'Diagnosis').getByRole('button')).toHaveCount(2);

  // The answer key: one test required, one harmful, and one diagnosis.
  await tab(page, 'Answer key').click();
  await page.getByRole('radiogroup', { name: 'Ferritin' }).getByRole('radio', { name: 'Required' }).check();
  await page.getByRole('radiogroup', { name: 'Bone marrow biopsy' }).getByRole('radio', { name: 'Harmful' }).check();
  await page.getByRole('checkbox', { name: /Iron deficiency anaemia/ }).check();
  await shoot(page, 'editor-answers.png');

  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expectAccessible(page, 'editor, the leave-without-saving dialog');
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`${resimPath}`));
  // So does the browser's back button, which has moved before the page hears of it.
  await page.evaluate(() => window.history.back());
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`${resimPath}`));
  await expect(tab(page, 'Answer key')).toBeVisible();

  // Save with the keyboard: only the changed parts go, with the revision.
  const saving = resimResponse(page, 'PATCH');
  await page.keyboard.press('Control+s');
  const response = await saving;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  expect(Object.keys(sent).sort()).toEqual(['actions', 'conclusions', 'details', 'measures', 'revision', 'stages']);
  expect(Object.keys(sent['details'] as object).sort()).toEqual(['answers', 'description', 'resimName']);
  const saved = (await response.json()) as Saved;
  await expect(page.getByText('Resim saved successfully')).toBeVisible();
  await expect(status).toHaveText('All changes saved');
  await shoot(page, 'editor-saved.png');

  // View only, then back to editing.
  await tab(page, 'Diagnosis').click();
  await page.getByText('View', { exact: true }).click();
  await expect(field(page, 'Name')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Add diagnosis' })).toBeHidden();
  await expectAccessible(page, 'editor, view-only banner');
  await shoot(page, 'editor-view-only.png');
  await page.getByText('Edit', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add diagnosis' })).toBeVisible();

  // Reloaded, the scenario is the same: what the server sends equals what it saved, and the screens show it.
  const reloaded = resimResponse(page, 'GET');
  await page.reload();
  expect(contentOf((await (await reloaded).json()) as Saved)).toEqual(contentOf(saved));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(tab(page, /Tests/)).toContainText('4');
  await tab(page, /Tests/).click();
  await expect(list(page, 'Tests').getByRole('button')).toHaveText([
    /Full blood count.*History/,
    /Ferritin.*History/,
    /Blood film.*Examination/,
    /Bone marrow biopsy.*Examination/,
  ]);
  await expect(page.getByRole('group', { name: 'Opens stages' })).toContainText('Examination');
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
  await expect(page.getByRole('radiogroup', { name: 'Ferritin' }).getByRole('radio', { name: 'Required' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Bone marrow biopsy' }).getByRole('radio', { name: 'Harmful' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Full blood count' }).getByRole('radio', { name: 'Not marked' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Iron deficiency anaemia/ })).toBeChecked();

  // The flow chart: two stages, four tests, two diagnoses, the requirement and the activator; a box opens its item.
  await tab(page, /Flow chart/).click();
  const chart = page.getByTestId('flow-chart');
  await expect(chart.locator('.react-flow__node')).toHaveCount(2 + 4 + 2);
  await expect(chart.getByTestId('rf__edge-requires-all:act1->act2')).toBeAttached();
  await expect(chart.getByTestId('rf__edge-activates:act1->stg2')).toBeAttached();
  await expectAccessible(page, 'editor, flow chart');
  await shoot(page, 'editor-flow-chart.png');
  await page.getByText('Right to left', { exact: true }).click();
  await chart.locator('.react-flow__node', { hasText: 'Blood film' }).click();
  await expect(page).toHaveURL(/tab=actions&item=act3/);
  await expect(field(page, 'Name')).toHaveValue('Blood film');

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
  await expectAccessible(page, 'editor, blocked stage deletion');
  await shoot(page, 'editor-stage-delete.png');

  // Measures in use cannot be deleted either: the button says why.
  await tab(page, /Measures/).click();
  await expect(page.getByRole('button', { name: 'Delete measure' })).toBeDisabled();
  await shoot(page, 'editor-measures.png');

  // SPEC 4: a status other than Initialized makes the editor view-only; Initialized again returns it to edit.
  await tab(page, /Stages/).click();
  await page.getByRole('button', { name: 'Test Mode' }).click();
  await expect(page.getByLabel('Run status')).toHaveText('Test Mode');
  await expect(page.getByRole('button', { name: 'Add stage' })).toBeHidden();
  await expect(page.getByText('only an Initialized scenario can be edited')).toBeVisible();
  await expectAccessible(page, 'editor, Test Mode');
  await shoot(page, 'editor-test-mode.png');
  await page.getByRole('button', { name: 'End Test Mode' }).click();
  await expect(page.getByLabel('Run status')).toHaveText('Initialized');
  await expect(page.getByRole('button', { name: 'Add stage' })).toBeVisible();

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

  // Home lists it; clone it.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  await expect(space.getByRole('link', { name, exact: true })).toHaveCount(1);
  const actionsFor = () => space.getByRole('button', { name: `Actions for ${name}`, exact: true });
  await actionsFor().click();
  await page.getByRole('menuitem', { name: 'Clone' }).click();
  await expect(space.getByRole('link', { name: `${name} (copy)` })).toHaveCount(1);

  // Export it: a JSON file of its content.
  const download = page.waitForEvent('download');
  await actionsFor().click();
  await page.getByRole('menuitem', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^anaemia-workup-.*\.resim\.json$/);
  const exportPath = path.join(screenshots, '..', 'test-results', file.suggestedFilename());
  await file.saveAs(exportPath);
  expect(JSON.parse(fs.readFileSync(exportPath, 'utf8'))).toMatchObject({
    format: 'resim-export',
    version: 1,
    scenarios: [{ resimName: name }],
  });

  // Import the file back, chosen as a file: an equal scenario under a new id.
  await space.getByRole('button', { name: 'Import scenarios into Demo space' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import scenarios into Demo space' });
  const chooser = page.waitForEvent('filechooser');
  await importDialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(exportPath);
  await expect(importDialog.getByText('1 scenario ready to import.')).toBeVisible();
  await expectAccessible(page, 'Home, the import dialog');
  await shoot(page, 'editor-import.png');
  const importing = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/import');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  const [imported] = (await (await importing).json()) as Saved[];
  expect(imported!.id).not.toBe(saved.id);
  expect(contentOf(imported!)).toEqual(contentOf(saved));
  await expect(importDialog).toBeHidden();
  await expect(space.getByRole('link', { name, exact: true })).toHaveCount(2);

  // Delete the clone, after confirming.
  await space.getByRole('button', { name: `Actions for ${name} (copy)` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete scenario' });
  await confirm.getByRole('button', { name: 'Delete scenario' }).click();
  await expect(confirm).toBeHidden();
  await expect(space.getByRole('link', { name: `${name} (copy)` })).toHaveCount(0);
  await shoot(page, 'editor-home.png');
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
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saveStatus(page)).toHaveText('All changes saved');

  // The second, still on the first revision, describes it too and adds a stage.
  await field(other, 'Description').fill('Written by the second author.');
  await tab(other, /Stages/).click();
  await other.getByRole('button', { name: 'Add stage' }).click();
  await field(other, 'Stage name').fill('Presentation');
  await other.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = other.getByRole('dialog', { name: 'Someone else saved this scenario' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Only you changed: Stages');
  await expect(dialog).toContainText('Only they changed: Name');
  await expect(dialog.getByRole('row', { name: /Description/ })).toBeVisible();
  await expectAccessible(other, 'editor, the conflict dialog');
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

test('every other sub-screen: overview and schedule, access, wording, stage groups and templates, infos, baseline, pages, hint', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await newScenario(page);
  await field(page, 'Name').fill(`Fatigue clinic ${Date.now().toString(36)}`);

  // Content to hang the rest on: a points measure and a stage with one test.
  await tab(page, /Measures/).click();
  await page.getByRole('button', { name: 'Add points' }).click();
  await tab(page, /Stages/).click();
  await page.getByRole('button', { name: 'Add stage' }).click();
  await field(page, 'Stage name').fill('History');
  await tab(page, /Tests/).click();
  await page.getByRole('button', { name: 'Add test' }).click();
  await field(page, 'Name').fill('Diet history');
  const media = page.getByRole('group', { name: 'Result media' });
  await media.getByRole('button', { name: 'Add image' }).click();
  await media.getByRole('textbox', { name: 'Image address' }).fill('javascript:alert(1)');
  await expect(media.getByText('Use an address starting with https://, http:// or /')).toBeVisible();
  await media.getByRole('textbox', { name: 'Image address' }).fill('/files/food-diary.png');
  await media.getByRole('textbox', { name: 'Description' }).fill('Food diary');

  // Overview and schedule: a closing time before the opening one is named at once.
  await tab(page, 'Overview & schedule').click();
  await page.getByLabel('Opens', { exact: true }).fill('2027-03-01T09:00');
  await page.getByLabel('Closes', { exact: true }).fill('2027-02-01T17:00');
  await expect(page.getByText('must come after scheduleStart')).toBeVisible();
  await page.getByLabel('Closes', { exact: true }).fill('2027-03-01T17:00');
  await expect(page.getByText('must come after scheduleStart')).toBeHidden();
  const overview = page.getByRole('group', { name: 'Overview media' });
  await overview.getByRole('button', { name: 'Add file' }).click();
  await overview.getByRole('textbox', { name: 'File address' }).fill('https://guidelines.example.org/anaemia.pdf');
  await overview.getByRole('textbox', { name: 'Description' }).fill('Anaemia guideline');
  await choose(page, overview.getByRole('combobox', { name: 'Shown in' }), 'History');
  await page.keyboard.press('Escape');
  await shoot(page, 'editor-overview.png');

  // Access: restriction patterns are checked as they are typed, and an email can be tried.
  await tab(page, 'Access').click();
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await field(page, 'Pattern 1').fill('everyone at hospital');
  await expect(page.getByText('Use letters, digits, @ . _ + - and * (any characters) only')).toBeVisible();
  await field(page, 'Pattern 1').fill('*@hospital.org');
  await expect(page.getByText('Use letters, digits')).toBeHidden();
  await page.getByRole('textbox', { name: 'Try an email' }).fill('ann@hospital.org');
  await expect(page.getByRole('status').filter({ hasText: 'May join' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Try an email' }).fill('bob@clinic.example');
  await expect(page.getByRole('status').filter({ hasText: 'Refused' })).toBeVisible();
  await shoot(page, 'editor-access.png');

  // Wording: the scenario calls tests investigations; the preview and the editor follow.
  await tab(page, 'Wording').click();
  await expect(field(page, 'Run button')).toHaveAttribute('placeholder', 'Run tests');
  await field(page, 'Actions are called').fill('investigations');
  await field(page, 'Run button').fill('Order investigations');
  const preview = page.getByRole('figure', { name: 'Preview of the wording' });
  await expect(preview.getByRole('button', { name: 'Order investigations' })).toBeVisible();
  // Messages not written out follow the new noun.
  await expect(preview.getByPlaceholder('Search investigations')).toBeVisible();
  await expect(field(page, 'Nothing found').first()).toHaveAttribute('placeholder', 'No investigations found');
  await shoot(page, 'editor-wording.png');
  await expect(tab(page, /Investigations/)).toBeVisible();

  // The stage: a group, its own wording over the scenario's, and saved as a template.
  await tab(page, /Stages/).click();
  await page.getByRole('button', { name: 'Manage stage groups' }).click();
  const groups = page.getByRole('dialog', { name: 'Stage groups' });
  await groups.getByRole('button', { name: 'Add group' }).click();
  await groups.getByRole('textbox', { name: 'Name of group 1' }).fill('Assessment');
  await expectAccessible(page, 'editor, the stage groups dialog');
  await groups.getByRole('button', { name: 'Done' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Stage group' }), 'Assessment');
  await page.getByRole('button', { name: /Wording in this task/ }).click();
  await expect(field(page, 'Run button')).toHaveAttribute('placeholder', 'Order investigations');
  await field(page, 'Run button').fill('Ask the patient');
  await shoot(page, 'editor-stage-wording.png');
  const templateName = `History template ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save as template' }).click();
  const saveTemplate = page.getByRole('dialog', { name: 'Save stage as template' });
  await expect(saveTemplate).toContainText('The stage with its 1 investigation and 0 diagnoses');
  await saveTemplate.getByRole('textbox', { name: 'Template name' }).fill(templateName);
  await expectAccessible(page, 'editor, the save-as-template dialog');
  await saveTemplate.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(`Saved “${templateName}” as a stage template`)).toBeVisible();

  // Inserting the template adds the stage again, with its test, under new ids.
  await page.getByRole('button', { name: 'Insert template' }).click();
  const insert = page.getByRole('dialog', { name: 'Insert a stage template' });
  await insert.getByRole('textbox', { name: 'Search templates' }).fill(templateName);
  await expectAccessible(page, 'editor, the insert-template dialog');
  await shoot(page, 'editor-insert-template.png');
  await insert.getByRole('button', { name: `Insert ${templateName}` }).click();
  await expect(list(page, 'Stages').getByRole('button')).toHaveCount(2);
  await expect(field(page, 'Stage name')).toHaveValue('History');
  await expect(tab(page, /Investigations/)).toContainText('2');

  // Infos, baseline and pages.
  await tab(page, /Infos/).click();
  await page.getByRole('button', { name: 'Add info' }).click();
  await field(page, 'Name').fill('Referral letter');
  await field(page, 'Text').fill('Dear colleague, this patient has been tired for three months.');
  await tab(page, /Baseline/).click();
  await page.getByRole('button', { name: 'Add baseline' }).click();
  await field(page, 'Name').fill('Observations');
  await field(page, 'Test Results').fill('HR 96, BP 118/74, SpO2 98%.');
  await tab(page, /Pages/).click();
  await page.getByRole('button', { name: 'Add page' }).click();
  await field(page, 'Title').fill('Briefing');
  await field(page, 'Content').fill('You are the registrar in a fatigue clinic.');
  await expectAccessible(page, 'editor, Pages');
  await shoot(page, 'editor-pages.png');

  // The hint, and what it costs.
  await tab(page, 'Hint').click();
  await page.getByRole('switch', { name: 'Offer a hint' }).check();
  await field(page, 'Hint text').fill('Think about iron.');
  await page.getByRole('group', { name: 'Cost of taking it' }).getByRole('button', { name: '-10 points' }).click();
  await expectAccessible(page, 'editor, Hint');
  await shoot(page, 'editor-hint.png');

  // Saved and reloaded, everything is there.
  await page.keyboard.press('Control+s');
  await expect(saveStatus(page)).toHaveText('All changes saved');
  await page.reload();
  await tab(page, 'Overview & schedule').click();
  await expect(page.getByLabel('Opens', { exact: true })).toHaveValue('2027-03-01T09:00');
  await expect(page.getByLabel('Closes', { exact: true })).toHaveValue('2027-03-01T17:00');
  await expect(page.getByRole('group', { name: 'Overview media' }).getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Anaemia guideline',
  );
  await tab(page, 'Access').click();
  await expect(field(page, 'Pattern 1')).toHaveValue('*@hospital.org');
  await tab(page, 'Wording').click();
  await expect(field(page, 'Actions are called')).toHaveValue('investigations');
  await tab(page, /Investigations/).click();
  await expect(page.getByRole('group', { name: 'Result media' }).getByRole('textbox', { name: 'Image address' })).toHaveValue(
    '/files/food-diary.png',
  );
  await tab(page, /Stages/).click();
  await expect(list(page, 'Stages').getByRole('button').first()).toContainText('Assessment');
  await page.getByRole('button', { name: /Wording in this task/ }).click();
  await expect(field(page, 'Run button')).toHaveValue('Ask the patient');
  await tab(page, /Infos/).click();
  await expect(field(page, 'Text')).toHaveValue('Dear colleague, this patient has been tired for three months.');
  await tab(page, /Baseline/).click();
  await expect(field(page, 'Test Results')).toHaveValue('HR 96, BP 118/74, SpO2 98%.');
  await tab(page, /Pages/).click();
  await expect(field(page, 'Content')).toHaveValue('You are the registrar in a fatigue clinic.');
  await tab(page, 'Hint').click();
  await expect(field(page, 'Hint text')).toHaveValue('Think about iron.');
  await expect(page.getByRole('group', { name: 'Cost of taking it' }).getByRole('textbox', { name: 'Change by' })).toHaveValue('-10');
});
