import { type Locator, type Page, type Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/** A real PNG and a real WebM video of a second, drawn and recorded by the browser itself. */
const makeMedia = (page: Page) =>
  page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const draw = (shade: number) => {
      context.fillStyle = `hsl(${shade}, 70%, 45%)`;
      context.fillRect(0, 0, 160, 120);
      context.fillStyle = 'white';
      context.font = '28px sans-serif';
      context.fillText('X-ray', 40, 70);
    };
    draw(200);
    const png = canvas.toDataURL('image/png').split(',')[1]!;

    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
    recorder.start(100);
    for (let frame = 0; frame < 25; frame += 1) {
      draw(frame * 14);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { png, webm: btoa(binary) };
  });

/** The smallest PDF a viewer opens: one empty page. */
const tinyPdf = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

/** Holds the requests of a method to the paths matched until released, so that what shows while a file goes up can be seen. */
const holdRequests = async (page: Page, method: string, path: (pathname: string) => boolean) => {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => path(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      if (!holding) return route.continue();
      held.push(route);
    },
  );
  return {
    heldCount: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
};

test('an author uploads an image and a video into a case, and a learner on a phone sees both', async ({ page, browser }) => {
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Limping child ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, {
    details: { resimName: name, mode: 2, allowAnonymous: true },
    stages: [{ id: 'stg1', name: 'Clinic', default: true }],
    baseline: [{ id: 'baseline1', name: 'On arrival', facts: 'A four-year-old who will not walk.' }],
    infos: [{ id: 'info1', name: 'Referral', text: 'From the GP.' }],
    actions: [{ id: 'act1', name: 'Hip ultrasound', stage: 'stg1', facts: 'Effusion' }],
    conclusions: [{ id: 'conc1', name: 'Transient synovitis', stage: 'stg1' }],
  });

  await signInAsDemoAdmin(page);
  const media = await makeMedia(page);
  await page.goto(`/resim/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('tab', { name: /Baseline/ }).click();
  const group = page.getByRole('group', { name: 'Baseline media' });
  await expect(group).toBeVisible();

  // The image: sent whole, its progress shown while the server has it, then its address filled.
  await group.getByRole('button', { name: 'Add image' }).click();
  const image = await holdRequests(page, 'POST', (pathname) => pathname === '/admin/image');
  const pickImage = page.waitForEvent('filechooser');
  await group.getByRole('button', { name: 'Upload image' }).click();
  await (await pickImage).setFiles({ name: 'hip-x-ray.png', mimeType: 'image/png', buffer: Buffer.from(media.png, 'base64') });
  // At 0% the bar's filled part has no width yet: it is there, with its value, beside the percentage.
  await expect(group.getByRole('progressbar', { name: 'Upload of hip-x-ray.png' })).toHaveAttribute('aria-valuenow', '0');
  await expect(group.getByText('0%')).toBeVisible();
  await expect.poll(image.heldCount).toBe(1);
  await image.release();
  await expect(group.getByRole('textbox', { name: 'Image address' })).toHaveValue(/^\/files\/[0-9a-f]+\/[\w.-]+\.png$/);
  // Not the file's name: an image's description is what a screen reader says of it, and its author is asked for one.
  const described = group.getByRole('textbox', { name: 'Description' }).first();
  await expect(described).toHaveValue('');
  await expect(group.getByText('Describe the image for learners who cannot see it')).toBeVisible();
  await described.fill('Hip X-ray, left femoral neck fracture');
  await expect(group.getByText('Describe the image for learners who cannot see it')).toBeHidden();

  // The video: in parts to signed addresses; the part is held on its way so that the bar shows.
  await group.getByRole('button', { name: 'Add video' }).click();
  const part = await holdRequests(page, 'PUT', (pathname) => pathname.startsWith('/files/'));
  const pickVideo = page.waitForEvent('filechooser');
  await group.getByRole('button', { name: 'Upload video' }).click();
  await (await pickVideo).setFiles({ name: 'gait.webm', mimeType: 'video/webm', buffer: Buffer.from(media.webm, 'base64') });
  const bar = group.getByRole('progressbar', { name: 'Upload of gait.webm' });
  await expect(bar).toBeAttached();
  await expect(group.getByRole('button', { name: 'Cancel the upload of gait.webm' })).toBeVisible();
  await expect.poll(part.heldCount).toBe(1);
  await shoot(page, 'media-upload-progress.png');
  await expectAccessible(page, 'editor while a video uploads');
  await part.release();
  await expect(group.getByRole('textbox', { name: 'Video address' })).toHaveValue(/^\/files\/[0-9a-f]+\/gait\.webm$/);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(group.getByRole('img', { name: 'Hip X-ray, left femoral neck fracture' })).toHaveJSProperty('complete', true);
  await shoot(page, 'media-upload-done.png');
  await expectAccessible(page, 'editor with uploaded media');

  // An info's letter, dropped among its media as a PDF: a medium of the files is made for it.
  await page.getByRole('tab', { name: /Infos/ }).click();
  const infoMedia = page.getByRole('group', { name: 'Info media' });
  const pickLetter = page.waitForEvent('filechooser');
  await infoMedia.getByRole('button', { name: 'Upload files' }).click();
  await (await pickLetter).setFiles({ name: 'referral.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf) });
  await expect(infoMedia.getByRole('textbox', { name: 'File address' })).toHaveValue(/^\/files\/[0-9a-f]+\/referral\.pdf$/);
  await expect(infoMedia.getByRole('textbox', { name: 'Description' })).toHaveValue('referral');
  await expectAccessible(page, 'editor, Infos with a PDF');
  await shoot(page, 'media-upload-info.png');

  const saving = page.waitForResponse(
    (response) => response.url().endsWith(`/admin/resim/${created.id}`) && response.request().method() === 'PATCH',
  );
  await page.keyboard.press('Control+s');
  expect((await saving).status()).toBe(200);
  await expect(page.getByText('Resim saved successfully')).toBeVisible();

  // The stored files come back as they went up.
  const saved = await api<{ baseline: { factImages: { url: string }[]; factVideos: { url: string }[] }[] }>(
    'GET',
    `/admin/resim/${created.id}`,
  );
  const videoUrl = saved.baseline[0]!.factVideos[0]!.url;
  const served = await page.request.get(videoUrl);
  expect(served.headers()['content-type']).toContain('video/webm');
  expect(Buffer.from(await served.body()).equals(Buffer.from(media.webm, 'base64'))).toBe(true);

  // A learner on a phone: both media in the baseline, within the screen's width.
  await api('POST', `/admin/control/${created.id}/2`);
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const learner = await phone.newPage();
  await learner.goto(`/play/${created.code}`);
  await learner.getByRole('textbox', { name: 'Nickname' }).fill('Sam');
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  const picture = learner.getByRole('img', { name: 'Hip X-ray, left femoral neck fracture' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(160);
  const video = learner.locator('video');
  await expect(video).toHaveAttribute('playsinline', '');
  await expect(video).toHaveAttribute('controls', '');
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(1);
  await video.scrollIntoViewIfNeeded();
  const box = (await video.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const letter = learner.getByRole('link', { name: 'referral' });
  await expect(letter).toHaveAttribute('href', /\/referral\.pdf$/);
  expect((await learner.request.get((await letter.getAttribute('href'))!)).headers()['content-type']).toContain('application/pdf');
  await shoot(learner, 'media-upload-phone.png');
  await expectAccessible(learner, 'player with media on a phone');
  await phone.close();
});

/** A one-pixel PNG: a picture the server takes. */
const pixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Drops files on an element as a browser does: dragged over it, then let go. */
const dropFiles = async (page: Page, target: Locator, files: { name: string; mimeType: string; text: string }[]) => {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.mimeType }));
    return data;
  }, files);
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
};

const notShown = "The file's content is not an image, video, audio or PDF that can be shown";

test('a refused file is told beside the medium it was given to, naming it, and in no message besides', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Refused files ${Date.now().toString(36)}`;
  const created = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, {
    details: { resimName: name, mode: 2 },
    stages: [{ id: 'stg1', name: 'Clinic', default: true }],
    actions: [
      { id: 'act1', name: 'Hip X-ray', stage: 'stg1', facts: 'Fracture' },
      {
        id: 'act2',
        name: 'Blood film',
        stage: 'stg1',
        facts: 'Normal',
        factImages: [{ id: 'image1', url: '/files/0123456789abcdef01234567/blood-film.png', description: 'Blood film' }],
      },
    ],
    conclusions: [{ id: 'conc1', name: 'Fracture', stage: 'stg1' }],
  });

  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('tab', { name: /Tests/ }).click();
  const tests = page.getByRole('navigation', { name: 'Tests' });
  const media = page.getByRole('group', { name: 'Result media' });
  // Every message shown, however briefly: a danger message stays a few seconds.
  await page.evaluate(() => {
    const shown: string[] = [];
    (globalThis as { shownMessages?: string[] }).shownMessages = shown;
    const message = '.mantine-Notification-root';
    new MutationObserver((changes) => {
      for (const change of changes)
        change.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          if (node.matches(message)) shown.push(node.textContent ?? '');
          node.querySelectorAll(message).forEach((inner) => shown.push(inner.textContent ?? ''));
        });
    }).observe(document.body, { childList: true, subtree: true });
  });
  const shownMessages = () => page.evaluate(() => (globalThis as { shownMessages?: string[] }).shownMessages ?? []);

  // An image that goes up, in the first test.
  await tests.getByRole('button', { name: /Hip X-ray/ }).click();
  await media.getByRole('button', { name: 'Add image' }).click();
  const firstImage = media.getByRole('group', { name: 'Image 1' });
  const pick = page.waitForEvent('filechooser');
  await firstImage.getByRole('button', { name: 'Upload image' }).click();
  await (await pick).setFiles({ name: 'hip-x-ray.png', mimeType: 'image/png', buffer: pixelPng });
  await expect(firstImage.getByRole('textbox', { name: 'Image address' })).toHaveValue(/^\/files\/[0-9a-f]+\/image\.png$/);
  await expect(firstImage.getByText('Uploaded')).toBeVisible();
  const stored = await firstImage.getByRole('textbox', { name: 'Image address' }).inputValue();

  // The other test's image is its own: nothing of the first test's upload shows beside it.
  await tests.getByRole('button', { name: /Blood film/ }).click();
  const otherImage = media.getByRole('group', { name: 'Image 1' });
  await expect(otherImage.getByRole('textbox', { name: 'Image address' })).toHaveValue('/files/0123456789abcdef01234567/blood-film.png');
  await expect(otherImage.getByRole('img', { name: 'Blood film' })).not.toHaveAttribute('src', /^blob:/);
  await expect(media.getByText('hip-x-ray.png')).toHaveCount(0);
  await expect(media.getByText('Uploaded')).toHaveCount(0);
  // A PDF is not an image: refused before anything is sent, beside this image alone.
  const choosePdf = page.waitForEvent('filechooser');
  await otherImage.getByRole('button', { name: 'Upload image' }).click();
  await (await choosePdf).setFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf) });
  await expect(otherImage.getByRole('alert')).toHaveText('scan.pdf cannot go here: this list takes images');
  await expect(media.getByRole('alert')).toHaveCount(1);
  await shoot(page, 'media-upload-refused-other-item.png');

  // Back in the first test: a second image, and a file the server refuses by its content dropped on it.
  await tests.getByRole('button', { name: /Hip X-ray/ }).click();
  await expect(firstImage.getByRole('textbox', { name: 'Image address' })).toHaveValue(stored);
  await expect(media.getByRole('alert')).toHaveCount(0);
  await media.getByRole('button', { name: 'Add image' }).click();
  const secondImage = media.getByRole('group', { name: 'Image 2' });
  await dropFiles(page, secondImage, [{ name: 'notes.png', mimeType: 'image/png', text: 'notes typed, not a picture' }]);
  await expect(secondImage.getByRole('alert')).toHaveText(`notes.png was not uploaded: ${notShown}`);
  await expect(firstImage.getByRole('alert')).toHaveCount(0);
  // Another refused file dropped on the image that went up: told there, and the image it holds stays.
  await dropFiles(page, firstImage, [{ name: 'blank.png', mimeType: 'image/png', text: 'nothing here either' }]);
  await expect(firstImage.getByRole('alert')).toHaveText(`blank.png was not uploaded: ${notShown}`);
  await expect(firstImage.getByRole('textbox', { name: 'Image address' })).toHaveValue(stored);
  await expect(secondImage.getByRole('alert')).toHaveText(`notes.png was not uploaded: ${notShown}`);

  // A document in parts: one that goes up, then one the server refuses once its parts are joined.
  await media.getByRole('button', { name: 'Add file' }).click();
  const firstFile = media.getByRole('group', { name: 'File 1' });
  const chooseLetter = page.waitForEvent('filechooser');
  await firstFile.getByRole('button', { name: 'Upload file' }).click();
  await (await chooseLetter).setFiles({ name: 'request.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf) });
  await expect(firstFile.getByRole('textbox', { name: 'File address' })).toHaveValue(/^\/files\/[0-9a-f]+\/request\.pdf$/);
  await media.getByRole('button', { name: 'Add file' }).click();
  const secondFile = media.getByRole('group', { name: 'File 2' });
  await dropFiles(page, secondFile, [{ name: 'report.pdf', mimeType: 'application/pdf', text: 'a report typed as plain text' }]);
  await expect(secondFile.getByRole('alert')).toHaveText(`report.pdf was not uploaded: ${notShown}`);
  await expect(firstFile.getByRole('alert')).toHaveCount(0);
  await expect(secondFile.getByRole('textbox', { name: 'File address' })).toHaveValue('');

  // Each refusal is told where the file was given, so no message tells it again (a message comes
  // with the refusal it tells: a moment is ample for one to show).
  await page.waitForTimeout(1000);
  expect(await shownMessages()).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'media-upload-refused.png');
  await expectAccessible(page, 'editor with refused files');
});
