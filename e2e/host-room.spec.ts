import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

type Api = ReturnType<typeof apiAs>;

/** A short Realtime case with points, open to anonymous learners, and a window that opens tomorrow. */
const caseFor = (name: string, mode: number, scheduleStart: string | null) => ({
  details: { resimName: name, description: 'A breathless patient.', mode, allowAnonymous: true, maxConclusions: 1, scheduleStart },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Chest X-ray', stage: 'stg1', facts: 'Consolidation', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'D-dimer', stage: 'stg1', facts: 'Normal', impact: [{ measureId: 'points', value: 2 }] },
  ],
  conclusions: [{ id: 'conc1', name: 'Pneumonia', stage: 'stg1' }],
});

const createCase = async (api: Api, name: string, mode: number, scheduleStart: string | null = null) => {
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, caseFor(name, mode, scheduleStart));
  return created;
};

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test('the host is warned before opening a lobby outside the schedule, and the room reads a finished ranking and a self-paced opening clearly', async ({
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  tomorrow.setUTCSeconds(0, 0);
  const name = unique('Scheduled ward');
  const { id } = await createCase(api, name, 1, tomorrow.toISOString());
  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Open Lobby' }).click();
  const asked = page.getByRole('dialog', { name: 'Open Lobby?' });
  await expect(asked.getByRole('button', { name: 'Open Lobby anyway' })).toBeVisible();
  await expect(asked).toContainText('Its schedule opens on');
  await expect(asked).toContainText('told it is not open yet');
  await shoot(page, 'host-room-open-outside-schedule.png');
  await expectAccessible(page, 'editor, Open Lobby outside the schedule');
  // The way to the schedule: the dialog closes on Overview & schedule, the lobby left shut.
  await asked.getByRole('link', { name: 'Change the schedule' }).click();
  await expect(asked).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/resim/${id}\\?tab=overview$`));
  await expect(page.getByRole('tab', { name: 'Overview & schedule', selected: true })).toBeVisible();
  await expect(page.getByLabel('Opens', { exact: true })).toBeVisible();
  await shoot(page, 'host-room-change-the-schedule.png');
  await expect(page.getByLabel('Run status')).toHaveText('Initialized');

  // A session played to its end: the room's final ranking.
  const live = unique('Ranked ward');
  const session = await createCase(api, live, 1);
  await api('POST', `/admin/control/${session.id}/1`);
  for (const [nickname, actions] of [
    ['Ann', ['act1', 'act2']],
    ['Bo', ['act1']],
    ['Cy', ['act2']],
  ] as const) {
    const joined = await page.request.post(`/learn/join/${session.code}`, { data: { nickname } });
    const { gameId, runToken } = (await joined.json()) as { gameId: string; runToken: string };
    if (nickname === 'Ann') await api('POST', `/admin/control/${session.id}/2`);
    for (const actionId of actions)
      expect(
        (
          await page.request.post(`/learn/game/${gameId}/event`, {
            headers: { 'x-run-token': runToken },
            data: { type: 'runAction', actionId },
          })
        ).status(),
      ).toBe(200);
  }
  await api('POST', `/admin/control/${session.id}/3`);
  await page.goto(`/presenter/${session.id}`);
  await expect(page.getByLabel('Ranking')).toContainText('Ann');
  await expect(page.getByRole('list', { name: 'Podium' })).toContainText('Ann');
  await page.waitForLoadState('networkidle');
  await shoot(page, 'host-room-final-ranking.png');
  await expectAccessible(page, 'presenter display, final ranking');

  // A self-paced scenario at status 2 is Open to the room, not Running.
  const open = unique('Open ward');
  const selfPaced = await createCase(api, open, 2);
  await api('POST', `/admin/control/${selfPaced.id}/2`);
  await page.goto(`/presenter/${selfPaced.id}`);
  await expect(page.getByRole('heading', { level: 1, name: open })).toBeVisible();
  await expect(page.getByLabel('Session status')).toHaveText('Open');
  await expectAccessible(page, 'presenter display, a self-paced scenario open');
});

test("the presenter display's QR code is a third of the screen's height at least, on a projector's 1280×720 and on 1920×1080", async ({
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Lecture ward');
  const { id, code } = await createCase(api, name, 1);
  await api('POST', `/admin/control/${id}/1`);
  await signInAsDemoAdmin(page);
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/presenter/${id}`);
    const qr = page.getByRole('img', { name: /^QR code to join at / });
    await expect(qr).toHaveAttribute('aria-label', `QR code to join at ${new URL(`/play/${code}`, page.url()).href}`);
    const box = (await qr.boundingBox())!;
    expect(box.height, `the QR code's height at ${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(viewport.height / 3);
    expect(box.width).toBeCloseTo(box.height, 0);
    // Whole on the screen, without scrolling.
    await expect(qr).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, `presenter display, the lobby at ${viewport.width}×${viewport.height}`);
    await shoot(page, `host-room-qr-${viewport.width}x${viewport.height}.png`);
  }
});
