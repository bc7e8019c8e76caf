import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { generate } from 'otplib';
import { expectAccessible } from './axe';
import { cli, shoot, signInAt } from './support';

const email = 'mfa-author@example.test';
const password = 'Mfa-password-1357';

const signInFromWelcome = async (page: Page) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
};

const expectHome = async (page: Page) => {
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
};

test('multi-factor sign-in: set up from Profile, then asked for the code at sign-in', async ({ page }) => {
  cli('user', 'create', '--email', email, '--password', password, '--groups', 'developer');
  await signInFromWelcome(page);
  await expectHome(page);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Multi-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expectAccessible(page, 'profile with multi-factor sign-in off');

  await section.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  const uri = (await setup.getByTestId('mfa-otpauth-link').getAttribute('href'))!;
  const secret = new URL(uri).searchParams.get('secret')!;
  await expect(setup.getByTestId('mfa-secret')).toHaveText(secret.match(/.{1,4}/g)!.join(' '));
  await expectAccessible(page, 'multi-factor set-up dialog');
  await shoot(page, 'mfa-setup.png');

  const codeField = setup.getByRole('textbox', { name: 'Code from the app' });
  await codeField.fill('000000');
  await codeField.press('Enter');
  await expect(setup.getByText('That code is not right.')).toBeVisible();
  await expect(page.getByText('Request failed')).toHaveCount(0);
  const epoch = () => Math.floor(Date.now() / 1000);
  await codeField.fill(await generate({ secret, epoch: epoch() }));
  await codeField.press('Enter');

  const done = page.getByRole('dialog', { name: 'Multi-factor sign-in is on' });
  const codes = (await done.getByTestId('mfa-recovery-codes').innerText()).split('\n').filter(Boolean);
  expect(codes).toHaveLength(10);
  await expect(done.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectAccessible(page, 'recovery codes dialog');
  await shoot(page, 'mfa-recovery-codes.png');
  await done.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expectAccessible(page, 'profile with multi-factor sign-in on');
  await shoot(page, 'profile-mfa-on.png');

  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/session/end'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // After the password, the issuer asks for the code.
  await signInFromWelcome(page);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expectAccessible(page, 'sign-in code page');
  await shoot(page, 'mfa-code-page.png');
  await page.getByRole('textbox', { name: 'Code' }).fill('123 456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  await expectAccessible(page, 'sign-in code page with an error');
  await shoot(page, 'mfa-code-wrong.png');
  // The set-up took the current 30-second step's code; the next step's is taken within the window.
  await page.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret, epoch: epoch() + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectHome(page);

  // Turned off from Profile with a recovery code, after a wrong one is refused under the field.
  await page.goto('/profile');
  await section.getByRole('button', { name: 'Turn off' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off multi-factor sign-in' });
  const offCode = turnOff.getByRole('textbox', { name: 'Code' });
  await offCode.fill('zzzzz-zzzzz');
  await offCode.press('Enter');
  await expect(turnOff.getByText('That code is not right.')).toBeVisible();
  await expect(page.getByText('Request failed')).toHaveCount(0);
  await expectAccessible(page, 'turn-off dialog');
  await shoot(page, 'mfa-turn-off.png');
  await offCode.fill(codes[0]!);
  await offCode.press('Enter');
  await expect(turnOff).toBeHidden();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
});
