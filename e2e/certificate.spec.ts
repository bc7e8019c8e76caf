import fs from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot } from './support';
import { settled } from './settled';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A self-paced exam passed with 30 points of a 20-point pass mark: the ECG and the right diagnosis. */
const exam = (name: string) => ({
  details: {
    resimName: name,
    mode: 2,
    allowAnonymous: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], conclusions: ['conc1'] },
    passMark: { threshold: { kind: 'points', points: 20 }, mustDo: true },
  },
  stages: [{ id: 'stg1', name: 'Assessment', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [{ id: 'act1', name: 'ECG', stage: 'stg1', facts: 'ST elevation in V1–V4', impact: [{ measureId: 'points', value: 10 }] }],
  conclusions: [
    { id: 'conc1', name: 'Anterior STEMI', stage: 'stg1', feedback: 'Yes.', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'Pericarditis', stage: 'stg1', feedback: 'No.' },
  ],
});

const textOf = async (file: string): Promise<string> => {
  const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(file)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

test('a learner on a phone passes, downloads their report and certificate from the end screen, and the certificate’s code verifies until its owner revokes it', async ({
  browser,
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const name = `Chest pain exam ${Date.now().toString(36)}`;
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', {
    groupId: spaces.find((space) => space.description === 'Demo space')!.id,
  });
  await api('PATCH', `/admin/resim/${created.id}`, exam(name));
  await api('POST', `/admin/control/${created.id}/2`);

  const context = await browser.newContext(phone);
  const learner = await context.newPage();
  await learner.goto(`/play/${created.code}`);
  await learner.getByRole('textbox', { name: 'Nickname' }).fill('Ada');
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  await learner.getByRole('checkbox', { name: /^ECG/ }).tap();
  await learner.getByRole('button', { name: 'Run tests (1)' }).tap();
  // The player turns to the results when they come: the diagnosis is tapped after that, not raced by it.
  await expect(learner.getByText('ST elevation in V1–V4')).toBeVisible();
  await learner.getByRole('tab', { name: 'Diagnosis' }).tap();
  await learner.getByRole('button', { name: 'Diagnose' }).tap();
  const sheet = learner.getByRole('dialog', { name: 'Diagnosis' });
  await sheet.getByRole('checkbox', { name: /Anterior STEMI/ }).tap();
  await sheet.getByRole('button', { name: 'Confirm Diagnosis' }).tap();
  await learner.getByRole('button', { name: 'End simulation' }).last().tap();
  await settled(learner);
  await learner.getByRole('dialog').getByRole('button', { name: 'End simulation' }).tap();
  await expect(learner.getByText('Passed', { exact: true })).toBeVisible();

  const [report] = await Promise.all([
    learner.waitForEvent('download'),
    learner.getByRole('button', { name: 'Download my report (PDF)' }).tap(),
  ]);
  const reportText = await textOf(await report.path());
  expect(reportText).toContain('1. Ran ECG');
  expect(reportText).toContain('Result: Passed');
  const [certificate] = await Promise.all([
    learner.waitForEvent('download'),
    learner.getByRole('button', { name: 'Download my certificate (PDF)' }).tap(),
  ]);
  const certificateText = await textOf(await certificate.path());
  expect(certificateText).toContain('Ada');
  expect(certificateText).toContain(name);
  await shoot(learner, 'certificate-end-screen.png');
  await expectAccessible(learner, 'player, end screen of a passed run');

  // The code printed on the certificate leads to a page that confirms it, and says nothing else.
  const code = /Certificate code ([2-9A-Z]{10})/.exec(certificateText)![1]!;
  await learner.goto(`/verify/${code}`);
  await expect(learner.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await expect(learner.getByText(`Ada passed ${name}`)).toBeVisible();
  await shoot(learner, 'certificate-verified.png');
  await expectAccessible(learner, 'certificate verification, valid');

  const runs = await api<{ id: string; nickname: string }[]>('GET', `/admin/resim/${created.id}/games`);
  await api('POST', `/admin/resim/${created.id}/games/${runs.find((run) => run.nickname === 'Ada')!.id}/certificate/revoke`);
  await learner.reload();
  await expect(learner.getByRole('heading', { name: 'Certificate revoked' })).toBeVisible();
  await expect(learner.getByText('Ada')).toHaveCount(0);
  await expectAccessible(learner, 'certificate verification, revoked');
  await learner.goto('/verify/ABCDEFGHJK');
  await expect(learner.getByRole('heading', { name: 'No such certificate' })).toBeVisible();
  await context.close();
});
