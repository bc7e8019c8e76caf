import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { anaemiaCase, playAnaemia } from './anaemia-case';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin } from './support';

const require = createRequire(import.meta.url);
const scormAgain = path.dirname(require.resolve('scorm-again/scorm12/min'));

type Version = '1.2' | '2004';

/**
 * An LMS on another origin than the product's: its course page sets up scorm-again (the LMS-side
 * SCORM runtime) as `API` or `API_1484_11`, with the LMS's learner, and frames the package's page
 * from the files of the exported zip, as an LMS serves an uploaded package.
 */
const standInLms = async (packages: Record<Version, Record<string, string>>) => {
  const course = (version: Version) => {
    const runtime = version === '1.2' ? 'Scorm12API' : 'Scorm2004API';
    const learner =
      version === '1.2'
        ? "API.loadFromJSON({ core: { student_id: 'moodle-17', student_name: 'Okafor, Ada' } });"
        : "API_1484_11.loadFromJSON({ learner_id: 'moodle-17', learner_name: 'Okafor, Ada' });";
    const global = version === '1.2' ? 'API' : 'API_1484_11';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Haematology course</title>
<script src="/scorm-again/${version === '1.2' ? 'scorm12' : 'scorm2004'}.min.js"></script></head>
<body><main><h1>Haematology course</h1>
<script>window.${global} = new ${runtime}({ lmsCommitUrl: false, logLevel: 5 }); ${learner}</script>
<iframe id="sco" title="Course activity" src="/package/${version}/index.html" style="width:100%;height:760px;border:0"></iframe>
</main></body></html>`;
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://lms');
    const [, first, second, file] = url.pathname.split('/');
    if (first === 'course' && (second === '1.2' || second === '2004')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(course(second));
      return;
    }
    if (first === 'scorm-again' && second && /^scorm(12|2004)\.min\.js$/.test(second)) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(path.join(scormAgain, second)));
      return;
    }
    const body = first === 'package' && (second === '1.2' || second === '2004') && file ? packages[second][file] : undefined;
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file!.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (version: Version) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/course/${version}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** What the LMS's runtime holds: completion, success and score, read from scorm-again's cmi. */
const cmiOf = (page: Page, version: Version) =>
  page.evaluate((v) => {
    const scope = window as unknown as Record<string, { cmi: Record<string, never> }>;
    if (v === '1.2') {
      const core = scope['API']!.cmi['core'] as unknown as { lesson_status: string; score: { raw: string; max: string } };
      return { completion: core.lesson_status, success: core.lesson_status, scaled: null, raw: core.score.raw, max: core.score.max };
    }
    const cmi = scope['API_1484_11']!.cmi as unknown as {
      completion_status: string;
      success_status: string;
      score: { scaled: string; raw: string; max: string };
    };
    return {
      completion: cmi.completion_status,
      success: cmi.success_status,
      scaled: cmi.score.scaled,
      raw: cmi.score.raw,
      max: cmi.score.max,
    };
  }, version);

test('a scenario exported as SCORM 1.2 and 2004 plays inside an LMS under scorm-again, which reads back completion, success and score', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const bearer = `Bearer ${cli('token', 'create', '--email', admin.email).trim().split('\n').at(-1)!}`;
  const name = `Tired all the time ${Date.now().toString(36)}`;
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const created = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, anaemiaCase(name));
  await api('POST', `/admin/control/${created.id}/2`);

  const exported = {} as Record<Version, Record<string, string>>;
  const unpack = (zip: Buffer) =>
    Object.fromEntries(Object.entries(unzipSync(new Uint8Array(zip))).map(([file, bytes]) => [file, strFromU8(bytes)]));
  // SCORM 1.2 through the API, SCORM 2004 as an author downloads it from the scenario's menu on Home.
  const answer = await page.request.post(`/admin/resim/${created.id}/scorm`, {
    headers: { authorization: bearer },
    data: { version: '1.2' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  exported['1.2'] = unpack(await answer.body());

  await signInAsDemoAdmin(page);
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'SCORM package…' }).click();
  const dialog = page.getByRole('dialog', { name: `SCORM packages of “${name}”` });
  await expect(dialog.getByRole('table', { name: 'Packages' })).toContainText('SCORM 1.2');
  await expect(dialog.getByRole('radio', { name: /SCORM 2004/ })).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download package' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Tired-all-the-time-\w+-scorm-2004\.zip$/);
  exported['2004'] = unpack(fs.readFileSync(await download.path()));
  await expect(dialog.getByRole('table', { name: 'Packages' }).getByRole('row')).toHaveCount(3);
  await shoot(page, 'scorm-packages.png');
  await expectAccessible(page, 'Home, SCORM packages of a scenario');
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const version of ['1.2', '2004'] as const)
    expect(Object.keys(exported[version]).sort()).toEqual(['imsmanifest.xml', 'index.html', 'resim-launch.js']);
  const lms = await standInLms(exported);
  try {
    for (const version of ['1.2', '2004'] as const) {
      await page.goto(lms.url(version));
      await expect(page.getByRole('heading', { name: 'Haematology course' })).toBeVisible();
      const player = page.frameLocator('#sco').frameLocator('#player');
      await playAnaemia(player);
      // The end travels from a player framed twice over to the server and back: slow on a busy machine.
      await expect(player.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible({ timeout: 30_000 });
      await shoot(page, `scorm-${version}-ended.png`);
      // 10 for the blood count and 20 for the right diagnosis, of 35 at most (the ferritin was not run).
      await expect
        .poll(() => cmiOf(page, version), { timeout: 15_000 })
        .toEqual(
          version === '1.2'
            ? { completion: 'passed', success: 'passed', scaled: null, raw: '85.71', max: '100' }
            : { completion: 'completed', success: 'passed', scaled: '0.8571', raw: '85.71', max: '100' },
        );
      await expectAccessible(page, `SCORM ${version} package in an LMS, run ended`);
    }
    const packages = await api<{ id: string; version: string; launches: number }[]>('GET', `/admin/resim/${created.id}/scorm`);
    expect(packages.map((p) => [p.version, p.launches])).toEqual([
      ['2004', 1],
      ['1.2', 1],
    ]);
    // A withdrawn package says so in the LMS, in words, and launches nobody.
    await api('DELETE', `/admin/resim/${created.id}/scorm/${packages[1]!.id}`);
    await page.goto(lms.url('1.2'));
    await expect(page.frameLocator('#sco').getByRole('alert')).toHaveText(
      'The simulation could not be opened: This package was withdrawn by its authors: ask them for a new one',
    );
    await expectAccessible(page, 'SCORM 1.2 package in an LMS, withdrawn');
  } finally {
    await lms.close();
  }
});
