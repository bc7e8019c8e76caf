import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect, test } from './fixtures';
import { anaemiaCase, playAnaemia } from './anaemia-case';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

const clientId = 'resim-tool';
const deploymentId = 'deployment-1';

/**
 * A learning platform on loopback, on another origin than the product's: its course page frames
 * the tool's login initiation; its authorization endpoint answers with the id_token (signed with
 * its own key) posted back to the tool, as a platform's page does; its token endpoint and line
 * item take the grade the tool sends.
 */
const standInPlatform = async (resimId: () => string) => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  // A key the platform does not publish: what a forged launch is signed with.
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'platform-key', alg: 'RS256', use: 'sig' };
  const scores: Record<string, unknown>[] = [];
  const links: Record<string, unknown>[] = [];
  let base = '';
  let tool = '';
  /** The launch the course page asked for, named by its message hint: a learner's, a teacher's pick of content, or a forged one. */
  const idToken = (nonce: string, hint: string) =>
    new SignJWT({
      nonce,
      name: hint === 'pick' ? 'Tom Teacher' : 'Ada Okafor',
      email: `${hint === 'pick' ? 'tom' : 'ada'}-${Date.now().toString(36)}@hospital.test`,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': hint === 'pick' ? 'LtiDeepLinkingRequest' : 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': `${tool}/lti/launch`,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'link-1' },
      'https://purl.imsglobal.org/spec/lti/claim/roles': [
        `http://purl.imsglobal.org/vocab/lis/v2/membership#${hint === 'pick' ? 'Instructor' : 'Learner'}`,
      ],
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
        deep_link_return_url: `${base}/return`,
        accept_types: ['ltiResourceLink'],
        data: 'course-7-section-2',
      },
      'https://purl.imsglobal.org/spec/lti/claim/context': { id: 'course-7', title: 'Haematology 101' },
      'https://purl.imsglobal.org/spec/lti/claim/custom': { resim: resimId() },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitem: `${base}/lineitems/1`,
      },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'platform-key' })
      .setIssuer(base)
      .setAudience(clientId)
      .setSubject(hint === 'pick' ? 'moodle-user-2' : 'moodle-user-17')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(hint === 'forged' ? forger.privateKey : privateKey);
  const html = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Haematology 101</title></head><body>${body}</body></html>`;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      if (url.pathname === '/jwks') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      } else if (url.pathname === '/course') {
        const hint = url.searchParams.get('as') ?? 'learner';
        const login = new URLSearchParams({
          iss: base,
          login_hint: 'user-17',
          target_link_uri: `${tool}/lti/launch`,
          client_id: clientId,
          lti_message_hint: hint,
        });
        // A launch in a window of its own: the tool's pages are the window's.
        if (url.searchParams.has('window')) {
          response.writeHead(302, { location: `${tool}/lti/login?${login.toString()}` }).end();
          return;
        }
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            html(
              `<main><h1>Haematology 101</h1><iframe id="activity" title="Activity" src="${tool}/lti/login?${login.toString()}" style="width:100%;height:760px;border:0"></iframe></main>`,
            ),
          );
      } else if (url.pathname === '/auth') {
        const { state, nonce, redirect_uri: redirect, lti_message_hint: hint } = Object.fromEntries(url.searchParams);
        void idToken(nonce ?? '', hint ?? 'learner').then((token) =>
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              html(
                `<form method="post" action="${redirect}"><input type="hidden" name="id_token" value="${token}"><input type="hidden" name="state" value="${state}"></form><script>document.forms[0].submit()</script>`,
              ),
            ),
        );
      } else if (url.pathname === '/return' && request.method === 'POST') {
        links.push(decodeJwt(new URLSearchParams(body).get('JWT') ?? ''));
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(html('<main><h1>Activity added to the course</h1></main>'));
      } else if (url.pathname === '/token' && request.method === 'POST') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'platform-token', token_type: 'Bearer', expires_in: 3600 }));
      } else if (url.pathname === '/lineitems/1/scores' && request.method === 'POST') {
        scores.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base: () => base,
    setTool: (url: string) => (tool = url),
    scores,
    links,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

test('a space registers a learning platform by hand; a learner launched from a course page plays in its frame and the grade reaches the gradebook once; a teacher adds a scenario by deep linking; a forged launch is refused', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const suffix = Date.now().toString(36);
  const space = await api<{ id: string; description: string }>('POST', '/admin/space', { description: `Faculty ${suffix}` });
  const created = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: space.id });
  await api('PATCH', `/admin/resim/${created.id}`, anaemiaCase(`Tired all the time ${suffix}`));
  await api('POST', `/admin/control/${created.id}/2`);
  const platform = await standInPlatform(() => created.id);
  platform.setTool(baseURL!);
  try {
    await signInAsDemoAdmin(page);
    await page.goto(`/space/${space.id}`);
    const card = page.getByRole('region', { name: 'Learning platforms (LTI 1.3)' });
    await expect(card.getByRole('textbox', { name: 'Dynamic registration URL' })).toHaveValue(new RegExp(`^${baseURL}/lti/register/`));
    await card.getByText('Addresses to type into a platform by hand').click();
    await expect(card.getByRole('textbox', { name: 'Login URL' })).toHaveValue(`${baseURL}/lti/login`);
    await card.getByRole('button', { name: 'Add a platform by hand' }).click();
    const form = page.getByRole('dialog', { name: 'Add a learning platform' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Faculty Moodle');
    await form.getByRole('textbox', { name: 'Platform ID (issuer)' }).fill(platform.base());
    await form.getByRole('textbox', { name: 'Client ID' }).fill(clientId);
    await form.getByRole('textbox', { name: 'Deployment IDs' }).fill(deploymentId);
    await form.getByRole('textbox', { name: 'Authentication request URL' }).fill(`${platform.base()}/auth`);
    await form.getByRole('textbox', { name: 'Access token URL' }).fill(`${platform.base()}/token`);
    await form.getByRole('textbox', { name: 'Public keyset URL' }).fill(`${platform.base()}/jwks`);
    await expectAccessible(page, 'space settings, adding a learning platform');
    await form.getByRole('button', { name: 'Save platform' }).click();
    await expect(form).toBeHidden();
    await expect(card.getByRole('listitem', { name: 'Faculty Moodle' })).toContainText(`${platform.base()} · client ID ${clientId}`);
    await shoot(page, 'lti-platforms.png');
    await expectAccessible(page, 'space settings, a learning platform registered');

    // The learner opens the activity in their course: login, authorization and launch, with no sign-in here.
    const learner = await page.context().browser()!.newContext();
    const course = await learner.newPage();
    await course.goto(`${platform.base()}/course`);
    const player = course.frameLocator('#activity');
    await playAnaemia(player);
    await expect(player.getByText('Your course is told your result. Go back to it to carry on.')).toBeVisible();
    await shoot(course, 'lti-course-ended.png');
    await expectAccessible(course, 'an LMS course page with the ended run in its frame');

    // 10 for the blood count and 20 for the right diagnosis, of 35 at most.
    await expect.poll(() => platform.scores.length, { timeout: 30_000 }).toBe(1);
    expect(platform.scores[0]).toMatchObject({
      userId: 'moodle-user-17',
      scoreGiven: 30,
      scoreMaximum: 35,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    await learner.close();

    // A teacher adds the activity from the course: the tool's picker lists the space's scenarios, and the link returns signed.
    const teacher = await page.context().browser()!.newContext();
    const picker = await teacher.newPage();
    await picker.goto(`${platform.base()}/course?as=pick&window=1`);
    await expect(picker.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(picker, 'lti-deep-linking.png');
    await expectAccessible(picker, 'LTI deep linking, choosing a scenario');
    await picker.getByRole('button', { name: new RegExp(`^Tired all the time ${suffix}`) }).click();
    await expect(picker.getByRole('heading', { name: 'Activity added to the course' })).toBeVisible();
    expect(platform.links[0]).toMatchObject({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'course-7-section-2',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        { type: 'ltiResourceLink', title: `Tired all the time ${suffix}`, lineItem: { scoreMaximum: 35 } },
      ],
    });

    // A launch signed with a key the platform does not publish is refused, in words, and plays nothing.
    await picker.goto(`${platform.base()}/course?as=forged&window=1`);
    await expect(picker.getByRole('heading', { name: 'This activity could not be opened' })).toBeVisible();
    await expect(picker.getByRole('alert')).toContainText("The launch's signature does not match the platform's keys");
    await expectAccessible(picker, 'LTI launch refused');
    await teacher.close();
  } finally {
    await platform.close();
  }
});
