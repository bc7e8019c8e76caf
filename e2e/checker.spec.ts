import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/** A Realtime case whose CT head needs the ferritin: sound until the ferritin is made to need the CT head. */
const soundCase = (name: string) => ({
  details: { resimName: name, mode: 1, allowAnonymous: true, maxConclusions: 1, answers: { actions: ['act1'], conclusions: ['conc1'] } },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', feedback: 'Always first.', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Ferritin', stage: 'stg1', feedback: 'Iron stores.' },
    { id: 'act3', name: 'CT head', stage: 'stg1', feedback: 'Not needed.', requiredActions: { all: ['act2'], any: [], none: [] } },
  ],
  conclusions: [{ id: 'conc1', name: 'Iron deficiency', stage: 'stg1', feedback: 'Right.', impact: [{ measureId: 'points', value: 20 }] }],
});

test('an author makes a requirement that can never be met, sees it in the checker, cannot open the lobby, mends it from the link, compares and restores versions in History, and opens the lobby', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = apiAs(page, demoAdmin().email);
  const name = `Circular ward ${Date.now().toString(36)}`;
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const created = await api<{ id: string }>('POST', '/admin/resim/new', {
    groupId: spaces.find((s) => s.description === 'Demo space')!.id,
  });
  await api('PATCH', `/admin/resim/${created.id}`, soundCase(name));

  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${created.id}?tab=actions`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The author makes the ferritin need the CT head, which needs the ferritin.
  const tests = page.getByRole('navigation', { name: 'Tests', exact: true });
  await tests.getByRole('button', { name: /Ferritin/ }).click();
  await page.getByRole('group', { name: 'Required tests' }).getByRole('combobox', { name: 'All of' }).click();
  await page.getByRole('option', { name: 'CT head', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Checker' }).click();
  const ferritin = page.getByRole('button', { name: /The action “Ferritin” can never be run/ });
  await expect(ferritin).toBeVisible();
  await shoot(page, 'checker-errors.png');
  await expectAccessible(page, 'editor, checker with errors');

  // The lobby stays shut while the checker finds errors, the refusal says why, and the author is taken to the checker.
  await page.getByRole('tab', { name: /Stages/ }).click();
  await page.getByRole('button', { name: 'Open Lobby' }).click();
  await expect(page.getByText(/cannot open to learners while the checker finds errors/).first()).toBeVisible();
  await expect(page.getByLabel('Run status')).toHaveText('Initialized');
  await expect(page.getByRole('tab', { name: 'Checker', selected: true })).toBeVisible();

  // The link opens the ferritin; its requirement on the CT head goes.
  await ferritin.click();
  await expect(page.getByRole('tab', { name: /Tests/, selected: true })).toBeVisible();
  const allOf = page.getByRole('group', { name: 'Required tests' }).getByRole('combobox', { name: 'All of' });
  await allOf.click();
  await allOf.press('Backspace');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Checker' }).click();
  await expect(page.getByRole('button', { name: /can never be run/ })).toHaveCount(0);

  // History: the mend is there in words; the broken version restored comes back as a new save, and so does the mended one.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('Revision 2');
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('Revision 3');
  await expect(page.getByRole('table', { name: 'Changed action “Ferritin”' })).toContainText('CT head');
  await shoot(page, 'history-compare.png');
  await expectAccessible(page, 'editor, history comparing two versions');
  const restore = async (revision: number, becomes: number) => {
    await page.getByRole('button', { name: `Restore revision ${revision}` }).click();
    const asked = page.getByRole('dialog', { name: `Restore Revision ${revision}?` });
    await expectAccessible(page, `editor, restoring revision ${revision}`);
    await asked.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(asked).toBeHidden();
    await expect(page.getByText(`Revision ${becomes} ·`)).toBeVisible();
  };
  await restore(2, 4);
  await page.getByRole('tab', { name: 'Checker' }).click();
  await expect(ferritin).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await restore(3, 5);
  await page.getByRole('tab', { name: 'Checker' }).click();
  await expect(page.getByRole('button', { name: /can never be run/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open Lobby' }).click();
  await expect(page.getByLabel('Run status')).not.toHaveText('Initialized');
  await expectAccessible(page, 'editor, lobby open after the mend');

  // The dashboard says which version the opening runs and the most points a run of it can reach; "Changes since" compares it with the latest.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const opening = page.getByRole('region', { name: /^Opening of/ });
  await expect(opening.getByLabel('Ran revision 5')).toHaveText('Revision 5');
  await expect(opening.getByLabel('Most points reachable')).toHaveText('30Most points reachable');
  await shoot(page, 'dashboard-version.png');
  await expectAccessible(page, 'editor, dashboard naming the opening’s version');
  await opening.getByRole('link', { name: 'What changed since revision 5' }).click();
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(/^Revision 5 · opened /);
  await expect(page.getByText('Revisions 5 and 5 have the same content.')).toBeVisible();
  await expect(page.getByText(/^opened /)).toBeVisible();
  await shoot(page, 'history-openings.png');
});
