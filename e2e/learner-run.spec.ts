import fs from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';
import { settled } from './settled';

type Api = ReturnType<typeof apiAs>;

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A chest-pain case as an author builds it: Assessment first and the default stage, Investigations
 * open beside it from the start; costs shown (money and time), the points that rank learners
 * telling the right test (+10) from the harmful one (−15).
 */
const chestPain = (name: string, mode: number) => ({
  details: {
    resimName: name,
    description: 'A 58-year-old man with crushing chest pain for 40 minutes.',
    mode,
    allowAnonymous: true,
    maxConclusions: 1,
    currency: 'EUR',
    settings: { showActionCosts: true },
    answers: { actions: ['act1'], harmfulActions: ['act2'], conclusions: ['conc1'] },
  },
  stages: [
    { id: 'stg1', name: 'Assessment', default: true, description: 'Take a history and examine him.' },
    { id: 'stg2', name: 'Investigations' },
  ],
  measures: [
    { id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 },
    { id: 'measure1', name: 'Cost', type: 1, initial: 0 },
  ],
  actions: [
    {
      id: 'act1',
      name: 'ECG',
      stage: 'stg2',
      facts: 'ST elevation in V1–V4',
      impact: [
        { measureId: 'points', value: 10 },
        { measureId: 'measure1', value: 50 },
      ],
    },
    {
      id: 'act2',
      name: 'Exercise stress test',
      stage: 'stg2',
      facts: 'The patient collapsed on the treadmill',
      impact: [
        { measureId: 'points', value: -15 },
        { measureId: 'measure1', value: 300 },
      ],
    },
  ],
  conclusions: [
    {
      id: 'conc1',
      name: 'Anterior STEMI',
      stage: 'stg1',
      feedback: 'Yes: call the cath lab.',
      impact: [{ measureId: 'points', value: 20 }],
    },
    { id: 'conc2', name: 'Pericarditis', stage: 'stg1', feedback: 'No: the ST changes are regional.' },
  ],
});

const createCase = async (api: Api, name: string, mode: number) => {
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, chestPain(name, mode));
  return created;
};

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

const joinOnPhone = async (browser: Browser, code: string, nickname: string) => {
  const context = await browser.newContext(phone);
  const learner = await context.newPage();
  await learner.goto(`/play/${code}`);
  await learner.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  return { learner, context };
};

/** Picks a diagnosis and confirms it in the sheet, counting the taps from the Diagnose button on. */
const diagnose = async (learner: Page, name: string) => {
  let taps = 0;
  const tap = async (target: ReturnType<Page['getByRole']>) => {
    await target.tap();
    taps += 1;
  };
  await learner.getByRole('tab', { name: 'Diagnosis' }).tap();
  await tap(learner.getByRole('button', { name: 'Diagnose' }));
  const sheet = learner.getByRole('dialog', { name: 'Diagnosis' });
  await expect(sheet.getByText('You can select 1 diagnosis')).toBeVisible();
  // Nothing focused to type in: the phone's keyboard does not cover the list.
  await expect(sheet.getByPlaceholder('Search diagnoses')).not.toBeFocused();
  await tap(sheet.getByRole('checkbox', { name: new RegExp(name) }));
  await expect(sheet.getByText(`Diagnosis: ${name}`)).toBeVisible();
  await shoot(learner, 'learner-run-diagnosis-sheet.png');
  await expectAccessible(learner, 'player, diagnosis sheet');
  await tap(sheet.getByRole('button', { name: 'Confirm Diagnosis' }));
  await expect(sheet).toBeHidden();
  return taps;
};

test('a learner on a phone opens on the case and its first stage, sees costs without the answer key, diagnoses in three taps and gets one verdict', async ({
  browser,
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Chest pain');
  const { id, code } = await createCase(api, name, 2);
  await api('POST', `/admin/control/${id}/2`);
  const { learner, context } = await joinOnPhone(browser, code, 'Ann');

  // The case and the stage the author set first, not the one listed last; never an empty tab.
  await expect(learner.getByText(/^Task:/)).toHaveText('Task: Assessment');
  await expect(learner.getByText('A 58-year-old man with crushing chest pain for 40 minutes.')).toBeVisible();
  await expect(learner.getByText('Take a history and examine him.')).toBeVisible();
  await expect(learner.getByRole('tab', { name: 'Tests', selected: true })).toBeVisible();
  // Money shown before choosing; the points that rank learners are not.
  await expect(learner.getByRole('checkbox', { name: /^ECG/ })).toContainText('Costs Cost +€50.00');
  await expect(learner.getByRole('checkbox', { name: /Exercise stress test/ })).toContainText('Costs Cost +€300.00');
  await expect(learner.getByText(/Points [+−-]\d/)).toHaveCount(0);
  await shoot(learner, 'learner-run-opens.png');
  await expectAccessible(learner, 'player, run opening');

  // "Add tests" leads from the empty results to the tests.
  await learner.getByRole('tab', { name: 'Test Results' }).tap();
  await learner.getByRole('button', { name: 'Add tests' }).tap();
  await expect(learner.getByRole('tab', { name: 'Tests', selected: true })).toBeVisible();
  await learner.getByRole('checkbox', { name: /Exercise stress test/ }).tap();
  await learner.getByRole('button', { name: 'Run tests (1)' }).tap();
  await expect(learner.getByText('The patient collapsed on the treadmill')).toBeVisible();
  // The case is one tap away once the run is under way.
  await expect(learner.getByText('A 58-year-old man with crushing chest pain for 40 minutes.')).toBeHidden();
  await learner.getByRole('button', { name: 'Show description' }).tap();
  await expect(learner.getByText('A 58-year-old man with crushing chest pain for 40 minutes.')).toBeVisible();
  await expect(learner.getByRole('button', { name: 'Add more tests' })).toBeVisible();

  expect(await diagnose(learner, 'Pericarditis')).toBe(3);
  await learner.getByRole('button', { name: 'End simulation' }).last().tap();
  await settled(learner);
  await learner.getByRole('dialog').getByRole('button', { name: 'End simulation' }).tap();
  await expect(learner.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();

  // One verdict wherever the diagnosis is shown: wrong, in red, never a green check.
  const verdict = learner.getByRole('region', { name: 'How you did' });
  await expect(verdict.getByRole('region', { name: 'Diagnoses' })).toContainText('PericarditisWrong');
  const confirmed = learner.getByRole('region', { name: 'Diagnosis' });
  await expect(confirmed.getByText('Wrong')).toBeVisible();
  await expect(confirmed.getByText('Right')).toHaveCount(0);
  const feedback = confirmed.getByRole('alert');
  await expect(feedback).toContainText('No: the ST changes are regional.');
  expect(await feedback.getAttribute('style')).toContain('red');
  await learner.waitForLoadState('networkidle');
  await shoot(learner, 'learner-run-end-wrong.png');
  await expectAccessible(learner, 'player, end with a wrong diagnosis');

  // The learner keeps a report of the run: a PDF downloaded on the phone.
  const [report] = await Promise.all([
    learner.waitForEvent('download'),
    learner.getByRole('button', { name: 'Download my report (PDF)' }).tap(),
  ]);
  expect(report.suggestedFilename()).toMatch(/^Chest-pain-[a-z0-9]+-report\.pdf$/);
  const pdf = fs.readFileSync(await report.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1_000);
  await context.close();
});

test('a Realtime preview ends as ended, and a live class is not told to join elsewhere nor covered by a message after the Stop', async ({
  browser,
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Live chest pain');
  const { id, code } = await createCase(api, name, 1);

  // The author's preview of the Realtime case: nobody stops it, so nobody waits.
  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${id}`);
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview as learner' }).click(),
  ]);
  await expect(preview.getByRole('note', { name: 'Preview' })).toBeVisible();
  await expectAccessible(preview, 'player, preview of a Realtime case');
  await preview.getByRole('button', { name: 'End simulation' }).first().click();
  await preview.getByRole('dialog').getByRole('button', { name: 'End simulation' }).click();
  await expect(preview.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();
  await expect(preview.getByText('If you are done, just wait here!')).toHaveCount(0);
  await expectAccessible(preview, 'player, an ended preview');
  await preview.close();

  await api('POST', `/admin/control/${id}/1`);
  const ann = await joinOnPhone(browser, code, 'Ann');
  const bea = await joinOnPhone(browser, code, 'Bea');
  await expect(ann.learner.getByText('The session has not started yet')).toBeVisible();
  await expect(bea.learner.getByText('The session has not started yet')).toBeVisible();
  await api('POST', `/admin/control/${id}/2`);

  // Ann ends early: she waits, with nowhere else to go while the session is live.
  await ann.learner.getByRole('button', { name: 'End simulation' }).first().tap();
  await settled(ann.learner);
  await ann.learner.getByRole('dialog').getByRole('button', { name: 'End simulation' }).tap();
  await expect(ann.learner.getByRole('heading', { name: 'If you are done, just wait here!' })).toBeVisible();
  await expect(ann.learner.getByRole('link', { name: 'Join another simulation' })).toHaveCount(0);
  await expectAccessible(ann.learner, 'player, "wait here" after ending early');

  // A message Bea has not read yet, then the Stop.
  await api('POST', `/admin/control/${id}/message`, { id: 'last-call', title: 'Last call', message: 'Confirm your diagnosis now.' });
  await expect(bea.learner.getByRole('dialog', { name: 'Last call' })).toBeVisible();
  await expectAccessible(bea.learner, "player, the presenter's message");
  await api('POST', `/admin/control/${id}/3`);
  await expect(bea.learner.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();
  await expect(bea.learner.getByRole('dialog')).toHaveCount(0);
  await expect(bea.learner.getByRole('region', { name: 'Messages from the presenter' })).toContainText('Confirm your diagnosis now.');
  await expect(bea.learner.getByRole('link', { name: 'Join another simulation' })).toBeVisible();
  await expect(ann.learner.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();
  await expect(ann.learner.getByRole('link', { name: 'Join another simulation' })).toBeVisible();
  await bea.learner.waitForLoadState('networkidle');
  await shoot(bea.learner, 'learner-run-end-after-stop.png');
  await expectAccessible(bea.learner, 'player, end after a Stop with a message');
  await ann.context.close();
  await bea.context.close();
});

test('a locked lobby says so before the nickname, the room is shown no way in, and Close Lobby is asked first', async ({
  browser,
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Locked chest pain');
  const { id, code } = await createCase(api, name, 1);
  await api('POST', `/admin/control/${id}/1`);
  const { currentInstanceId } = await api<{ currentInstanceId: string }>('GET', `/admin/resim/${id}/dashboard`);
  await api('PUT', `/admin/resim/${id}/instance/${currentInstanceId}/lock`, { locked: true });

  const context = await browser.newContext(phone);
  const learner = await context.newPage();
  await learner.goto(`/play/${code}`);
  await expect(learner.getByText('The lobby is locked')).toBeVisible();
  await expect(learner.getByRole('textbox', { name: 'Nickname' })).toHaveCount(0);
  await expect(learner.getByText(/join now/)).toHaveCount(0);
  await shoot(learner, 'learner-run-locked.png');
  await expectAccessible(learner, 'player, locked lobby');

  await signInAsDemoAdmin(page);
  await page.goto(`/presenter/${id}`);
  await expect(page.getByText('The lobby is locked')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expect(page.getByText(/Scan to join/)).toHaveCount(0);
  await shoot(page, 'learner-run-presenter-locked.png');
  await expectAccessible(page, 'presenter display, locked');

  // Let in again: the waiting phone offers the nickname by itself.
  await api('PUT', `/admin/resim/${id}/instance/${currentInstanceId}/lock`, { locked: false });
  await expect(learner.getByRole('textbox', { name: 'Nickname' })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(learner, 'player, the nickname form once the lobby is unlocked');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Close Lobby' }).click();
  const asked = page.getByRole('dialog', { name: 'Close Lobby?' });
  await expect(asked).toContainText('Everyone waiting in the lobby is sent away');
  await expectAccessible(page, 'presenter display, the Close Lobby dialog');
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Waiting', { exact: true }).first()).toBeVisible();
  await context.close();
});

test('a signed-in person finds what was given to them on Assessment, reached from Home; the welcome page lets a learner join', async ({
  browser,
  page,
}) => {
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const name = unique('Given chest pain');
  const { id } = await createCase(api, name, 2);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  await api('POST', `/admin/space/${spaceId}/learner`, { tags: [], notify: false, learners: [{ email: admin.email }] });
  await api('POST', `/admin/space/${spaceId}/allocation`, { learners: [admin.email], resims: [id] });
  await api('POST', `/admin/control/${id}/2`);

  await signInAsDemoAdmin(page);
  await page.getByRole('link', { name: 'Assessment' }).click();
  await expect(page).toHaveURL(/\/assessment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Given to you')).toBeVisible();
  await expect(row.getByText('Not started')).toBeVisible();
  await expect(row.getByRole('link', { name: `Play: ${name}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'learner-run-assessment.png');
  await expectAccessible(page, 'Assessment');

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'Join a session' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Join a simulation' })).toBeVisible();
  await visitor.close();
});
