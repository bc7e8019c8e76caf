import type { LtiPlatform, LtiPlatformBody, LtiSettings, Space } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { LmsCard } from './lms-card';

const lab: Space = {
  id: 's1',
  description: 'Lab',
  owner: 'me@example.test',
  isOwner: true,
  security: { canMove: true, canClone: true, canEdit: true, canDelete: true },
  created: '2025-01-01T00:00:00.000Z',
};

const moodle: LtiPlatform = {
  id: 'p1',
  name: 'Moodle of the faculty',
  issuer: 'https://moodle.example.edu',
  clientId: 'abc123',
  deploymentIds: ['1'],
  authLoginUrl: 'https://moodle.example.edu/mod/lti/auth.php',
  tokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
  registeredBy: 'dynamic',
  created: '2026-12-01T10:00:00.000Z',
  updated: '2026-12-01T10:00:00.000Z',
  courses: 1,
};

const tool = {
  loginUrl: 'https://resim.example.org/lti/login',
  launchUrl: 'https://resim.example.org/lti/launch',
  jwksUrl: 'https://resim.example.org/lti/jwks',
  configUrl: 'https://resim.example.org/lti/config',
  registrationUrl: 'https://resim.example.org/lti/register/s1.key',
};

const fakeApi = (initial: Partial<LtiSettings> = {}) => {
  let settings: LtiSettings = {
    tool,
    platforms: [],
    grades: { queued: 0, sending: 0, sent: 0, failed: 0 },
    lastError: null,
    ...initial,
  };
  const addLtiPlatform = vi.fn(async (_spaceId: string, body: LtiPlatformBody) => {
    if (body.clientId === 'taken')
      throw new Error('https://canvas.example.edu with client id taken is registered already, in this space or another');
    const added: LtiPlatform = { ...body, id: 'p2', registeredBy: 'console', created: '', updated: '', courses: 0 };
    settings = { ...settings, platforms: [...settings.platforms, added] };
    return added;
  });
  const updateLtiPlatform = vi.fn(async (_spaceId: string, platformId: string, body: LtiPlatformBody) => {
    settings = { ...settings, platforms: settings.platforms.map((p) => (p.id === platformId ? { ...p, ...body } : p)) };
    return settings.platforms.find((p) => p.id === platformId)!;
  });
  const removeLtiPlatform = vi.fn(async (_spaceId: string, platformId: string) => {
    settings = { ...settings, platforms: settings.platforms.filter((p) => p.id !== platformId) };
    return { ok: true as const };
  });
  const checkLtiPlatform = vi.fn(async () => ({
    ok: true,
    message: 'The platform answered with one key; launches from it can be verified',
  }));
  const retryLti = vi.fn(async () => {
    const queued = settings.grades.failed ?? 0;
    settings = { ...settings, grades: { ...settings.grades, failed: 0, queued }, lastError: null };
    return { queued };
  });
  const pullLtiRoster = vi.fn(async () => ({ courses: 1, learners: 24, added: 20, withoutEmail: 2 }));
  const api = {
    spaces: { lti: async () => settings, addLtiPlatform, updateLtiPlatform, removeLtiPlatform, checkLtiPlatform, pullLtiRoster, retryLti },
  } as unknown as ApiClient;
  return { api, addLtiPlatform, updateLtiPlatform, removeLtiPlatform, checkLtiPlatform, pullLtiRoster, retryLti };
};

/** axe's critical and serious violations in what is on screen (the card, and a dialog open over it). */
const violations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious').map((v) => v.id);
};

const card = async () => within(await screen.findByRole('region', { name: 'Learning platforms (LTI 1.3)' }));

describe('Learning platforms', () => {
  it('gives the owner the dynamic registration URL to copy and the addresses to type by hand', async () => {
    const { api } = fakeApi();
    renderWithProviders(<LmsCard space={lab} />, { api });
    const lms = await card();
    expect(await lms.findByText('No learning platform launches this space yet.')).toBeTruthy();
    expect(lms.getByRole<HTMLInputElement>('textbox', { name: /Dynamic registration URL/ }).value).toBe(tool.registrationUrl);
    expect(lms.getByRole('button', { name: 'Copy the dynamic registration url' })).toBeTruthy();
    expect(lms.getByRole<HTMLInputElement>('textbox', { name: 'Login URL' }).value).toBe(tool.loginUrl);
    expect(lms.getByRole<HTMLInputElement>('textbox', { name: /Launch URL/ }).value).toBe(tool.launchUrl);
    expect(lms.getByRole<HTMLInputElement>('textbox', { name: 'Public keyset URL' }).value).toBe(tool.jwksUrl);
    expect(await violations()).toEqual([]);
  });

  it('adds a platform by hand, says what was wrong when it is refused, and edits it', async () => {
    const { api, addLtiPlatform, updateLtiPlatform } = fakeApi();
    renderWithProviders(<LmsCard space={lab} />, { api });
    const lms = await card();
    fireEvent.click(await lms.findByRole('button', { name: 'Add a platform by hand' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a learning platform' }));
    const type = (name: RegExp, value: string) => fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });
    type(/^Name/, 'Canvas');
    type(/Platform ID/, 'https://canvas.example.edu');
    type(/Client ID/, 'taken');
    type(/Deployment IDs/, '7:abc\n8:def');
    type(/Authentication request URL/, 'https://canvas.example.edu/api/lti/authorize_redirect');
    type(/Access token URL/, 'https://canvas.example.edu/login/oauth2/token');
    type(/Public keyset URL/, 'https://canvas.example.edu/api/lti/security/jwks');
    expect(await violations()).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Save platform' }));
    expect(await dialog.findByText(/is registered already/)).toBeTruthy();
    type(/Client ID/, '10000000000001');
    fireEvent.click(dialog.getByRole('button', { name: 'Save platform' }));
    await waitFor(() =>
      expect(addLtiPlatform).toHaveBeenLastCalledWith('s1', {
        name: 'Canvas',
        issuer: 'https://canvas.example.edu',
        clientId: '10000000000001',
        deploymentIds: ['7:abc', '8:def'],
        authLoginUrl: 'https://canvas.example.edu/api/lti/authorize_redirect',
        tokenUrl: 'https://canvas.example.edu/login/oauth2/token',
        jwksUrl: 'https://canvas.example.edu/api/lti/security/jwks',
      }),
    );
    const entry = within(await lms.findByRole('listitem', { name: 'Canvas' }));
    fireEvent.click(entry.getByRole('button', { name: 'Edit' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Change the learning platform' }));
    expect(edit.getByRole<HTMLInputElement>('textbox', { name: /Client ID/ }).value).toBe('10000000000001');
    fireEvent.change(edit.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Canvas of the school' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save platform' }));
    await waitFor(() =>
      expect(updateLtiPlatform).toHaveBeenCalledWith('s1', 'p2', expect.objectContaining({ name: 'Canvas of the school' })),
    );
    expect(await lms.findByRole('listitem', { name: 'Canvas of the school' })).toBeTruthy();
  });

  it('tests a platform in plain words, removes one only after confirming, and sends failed grades again', async () => {
    const { api, checkLtiPlatform, removeLtiPlatform, retryLti } = fakeApi({
      platforms: [moodle],
      grades: { queued: 0, sending: 0, sent: 12, failed: 1 },
      lastError: 'Sending the grade: the platform answered 403 user is not enrolled',
    });
    renderWithProviders(<LmsCard space={lab} />, { api });
    const lms = await card();
    const entry = within(await lms.findByRole('listitem', { name: 'Moodle of the faculty' }));
    expect(entry.getByText('Registered by the platform')).toBeTruthy();
    expect((await lms.findByLabelText('Grades by status')).textContent).toBe('12 grades sent1 grade failed');
    expect(lms.getByText('Sending the grade: the platform answered 403 user is not enrolled')).toBeTruthy();
    fireEvent.click(entry.getByRole('button', { name: 'Test' }));
    expect((await entry.findByRole('status')).textContent).toContain('The platform answered with one key');
    expect(checkLtiPlatform).toHaveBeenCalledWith('s1', 'p1');
    expect(await violations()).toEqual([]);

    fireEvent.click(lms.getByRole('button', { name: 'Send the failed grades again' }));
    await waitFor(() => expect(retryLti).toHaveBeenCalled());
    expect(await lms.findByText('1 grade waiting')).toBeTruthy();

    fireEvent.click(entry.getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the learning platform?' }));
    expect(removeLtiPlatform).not.toHaveBeenCalled();
    expect(await violations()).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removeLtiPlatform).toHaveBeenCalledWith('s1', 'p1'));
    expect(await lms.findByText('No learning platform launches this space yet.')).toBeTruthy();
  });

  it("pulls the rosters of a platform's courses into the space's learners and says what it did", async () => {
    const { api, pullLtiRoster } = fakeApi({ platforms: [moodle] });
    renderWithProviders(<LmsCard space={lab} />, { api });
    const entry = within(await (await card()).findByRole('listitem', { name: 'Moodle of the faculty' }));
    fireEvent.click(entry.getByRole('button', { name: 'Pull the course roster into learners' }));
    await waitFor(() => expect(pullLtiRoster).toHaveBeenCalledWith('s1', 'p1'));
    expect((await entry.findByRole('status')).textContent).toBe(
      'Roster pulled24 learners with an email in one course: 20 new to the space; 2 named without an email could not be added.',
    );
  });

  it('shows a member the platforms without the registration URL or a way to change them', async () => {
    const { api } = fakeApi({ tool: { ...tool, registrationUrl: null }, platforms: [moodle] });
    renderWithProviders(<LmsCard space={{ ...lab, isOwner: false, owner: 'boss@example.test' }} />, { api });
    const lms = await card();
    expect(await lms.findByRole('listitem', { name: 'Moodle of the faculty' })).toBeTruthy();
    expect(lms.queryByRole('textbox', { name: /Dynamic registration URL/ })).toBeNull();
    expect(lms.queryByRole('button', { name: 'Add a platform by hand' })).toBeNull();
    expect(lms.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(lms.getByText('Only the owner of this space, boss@example.test, can add or change learning platforms.')).toBeTruthy();
    expect(await violations()).toEqual([]);
  });
});
