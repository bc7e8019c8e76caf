import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

type Stored = { scheduleStart: string | null; scheduleEnd: string | null; revision: number };

const hour = 60 * 60 * 1000;

test('a window is moved on the Schedule calendar by dragging and by keys, saved, undone, and its learners reminded', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const suffix = Date.now().toString(36);
  const space = await api<{ id: string }>('POST', '/admin/space', { description: `Rota ${suffix}` });
  const editable = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: space.id });
  const running = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: space.id });
  // Today 09:00 to 17:00 in the browser's time zone, so that it is in the week shown first.
  const start = new Date();
  start.setHours(9, 0, 0, 0);
  const end = new Date(start.getTime() + 8 * hour);
  const window = { scheduleStart: start.toISOString(), scheduleEnd: end.toISOString() };
  await api('PATCH', `/admin/resim/${editable.id}`, { details: { resimName: `Ward round ${suffix}`, ...window } });
  await api('PATCH', `/admin/resim/${running.id}`, {
    details: { resimName: `Live drill ${suffix}`, mode: 2, ...window },
    stages: [{ id: 'stg1', name: 'History', default: true }],
    actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L' }],
  });
  await api('POST', `/admin/control/${running.id}/2`);
  const learner = `rota-${suffix}@example.test`;
  await api('POST', `/admin/space/${space.id}/learner`, { tags: [], notify: false, learners: [{ email: learner }] });
  await api('POST', `/admin/space/${space.id}/allocation`, { learners: [learner], resims: [editable.id] });
  const stored = () => api<Stored>('GET', `/admin/resim/${editable.id}`);

  await signInAsDemoAdmin(page);
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByText('not available yet')).toHaveCount(0);
  const bar = page.getByTestId(`window-${editable.id}`);
  await expect(bar).toBeVisible();
  const readOnly = page.getByTestId(`window-${running.id}`);
  await expect(readOnly).toHaveAttribute('data-readonly', 'true');
  await expect(page.getByTestId(`window-end-${running.id}`)).toHaveCount(0);
  await expectAccessible(page, 'Schedule, week');
  await shoot(page, 'schedule-week.png');

  // Dragged three hours earlier: the week's track is seven days wide, so an hour is a 168th of it.
  const track = (await bar.locator('xpath=..').boundingBox())!;
  const perHour = track.width / (7 * 24);
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - perHour * 1.5, y, { steps: 4 });
  await page.mouse.move(x - perHour * 3, y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await stored()).scheduleStart).toBe(new Date(start.getTime() - 3 * hour).toISOString());
  expect((await stored()).scheduleEnd).toBe(new Date(end.getTime() - 3 * hour).toISOString());
  await expect(bar).not.toHaveAttribute('aria-busy');

  // Its end dragged two hours later by the grip.
  const grip = (await page.getByTestId(`window-end-${editable.id}`).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + perHour * 2, y, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await stored()).scheduleEnd).toBe(new Date(end.getTime() - hour).toISOString());
  expect((await stored()).scheduleStart).toBe(new Date(start.getTime() - 3 * hour).toISOString());
  await expect(bar).not.toHaveAttribute('aria-busy');

  // The keyboard path: an arrow moves the window an hour, Shift with an arrow its end.
  await bar.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await stored()).scheduleStart).toBe(new Date(start.getTime() - 2 * hour).toISOString());
  // A key pressed while a change is saving is not taken, so the next waits for the calendar to have it.
  await expect(bar).not.toHaveAttribute('aria-busy');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(async () => (await stored()).scheduleEnd).toBe(new Date(end.getTime() - hour).toISOString());
  await expect(bar).not.toHaveAttribute('aria-busy');
  // Only the latest change offers Undo, and it takes back that change alone.
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await stored()).scheduleEnd).toBe(new Date(end.getTime()).toISOString());
  expect((await stored()).scheduleStart).toBe(new Date(start.getTime() - 2 * hour).toISOString());
  await expect(bar).not.toHaveAttribute('aria-busy');

  // The buttons of the selected window do the same.
  const selected = page.getByRole('region', { name: 'Selected window' });
  await selected.getByRole('button', { name: 'An hour later', exact: true }).click();
  await expect.poll(async () => (await stored()).scheduleStart).toBe(new Date(start.getTime() - hour).toISOString());

  // A scenario that is running is read-only, with the reason.
  await readOnly.click();
  await expect(selected).toContainText('Read-only: This scenario is');
  await expect(selected.getByRole('button', { name: 'An hour later', exact: true })).toHaveCount(0);

  // Reminders to the learners allocated to the scenario, after a confirmation.
  await bar.click();
  await selected.getByRole('button', { name: 'Remind learners' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remind learners' });
  await expect(dialog).toContainText(`Ward round ${suffix}`);
  await expectAccessible(page, 'Schedule, remind learners');
  await dialog.getByRole('button', { name: 'Send reminders' }).click();
  await expect(page.getByText('Reminded 1 learner.')).toBeVisible();
  const learners = await api<{ email: string; reminded: string | null }[]>('GET', `/admin/space/${space.id}/learner`);
  expect(learners.find((l) => l.email === learner)?.reminded).not.toBeNull();

  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(bar).toBeVisible();
  await expectAccessible(page, 'Schedule, month');
  await shoot(page, 'schedule-month.png');
});
