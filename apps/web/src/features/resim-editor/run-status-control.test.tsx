import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { theme } from '../../app/theme';
import type { AccommodatedLearner } from './accommodations';
import { extraTimeBadges } from './results/results-fixtures';
import { formatDateTime } from '../../ui/format';
import { showSuccess } from '../../app/notify';
import { RunStatusControl, type JoinAccess } from './run-status-control';

/** The control in the editor's title, at an address of the editor; `onChange` has `router` to read where it went. */
const show = (access: JoinAccess, status = 0, env: 'test' | 'default' = 'test') => {
  const onChange = vi.fn().mockResolvedValue(undefined);
  const onCheckerRefusal = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RunStatusControl
            status={status}
            mode={1}
            blocked={null}
            access={access}
            onChange={onChange}
            onCheckerRefusal={onCheckerRefusal}
          />
        ),
      },
    ],
    { initialEntries: ['/resim/r1?tab=stages'] },
  );
  render(
    <MantineProvider theme={theme} env={env}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return Object.assign(onChange, { router, onCheckerRefusal });
};

vi.mock('../../app/notify', () => ({ showSuccess: vi.fn() }));

describe('run status control', () => {
  it('opens the lobby at once when anyone with the code may join', async () => {
    const onChange = show({ allowAnonymous: true, allowSignin: false });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
  });

  it('warns that every learner will be turned away when nobody may join', async () => {
    const onChange = show({ allowAnonymous: false, allowSignin: false });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Lobby?' });
    expect(dialog.textContent).toContain('Every learner will be turned away');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby anyway' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
  });

  it('warns that learners without an account will be turned away when only sign-in is allowed', async () => {
    const onChange = show({ allowAnonymous: false, allowSignin: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Lobby?' });
    expect(dialog.textContent).toContain('Learners without an account will be turned away');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('still asks before stopping a session', async () => {
    const onChange = show({ allowAnonymous: true, allowSignin: true }, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    expect((await screen.findByRole('dialog', { name: 'Stop Simulation?' })).textContent).toContain('ends now');
    fireEvent.click(screen.getAllByRole('button', { name: 'Stop Simulation' }).at(-1)!);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3));
  });

  it('keeps naming its buttons while the dialog fades out after a choice', async () => {
    // Transitions on, as in a browser: the dialog stays on screen for a moment after the click.
    const onChange = show({ allowAnonymous: true, allowSignin: true }, 2, 'default');
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    await screen.findByRole('dialog', { name: 'Stop Simulation?' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Stop Simulation' }).at(-1)!);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3));
    const fading = [...document.querySelectorAll('.mantine-Modal-content button')];
    expect(fading.length).toBeGreaterThan(0);
    for (const button of fading) expect(button.textContent?.trim() || button.getAttribute('aria-label')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    [1, 'Close Lobby', 'Everyone waiting in the lobby is sent away', 0],
    [3, 'Reset to Initialized', 'results are kept', 0],
  ])('asks before a status %i command %s', async (status, label, warning, next) => {
    const onChange = show({ allowAnonymous: true, allowSignin: true }, status);
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect((await screen.findByRole('dialog', { name: `${label}?` })).textContent).toContain(warning);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: label }).at(-1)!);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(next));
  });

  it('warns before opening the lobby outside the schedule, and opens it anyway when asked', async () => {
    const opens = new Date(Date.now() + 3_600_000).toISOString();
    const onChange = show({ allowAnonymous: true, allowSignin: true, scheduleStart: opens, scheduleEnd: null });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Lobby?' });
    expect(dialog.textContent).toContain(`Its schedule opens on ${formatDateTime(opens)}`);
    expect(dialog.textContent).toContain('told it is not open yet');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby anyway' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
  });

  it('warns before opening a scenario whose schedule has closed', async () => {
    const closed = new Date(Date.now() - 3_600_000).toISOString();
    show({ allowAnonymous: true, allowSignin: true, scheduleStart: null, scheduleEnd: closed });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    expect((await screen.findByRole('dialog', { name: 'Open Lobby?' })).textContent).toContain(
      `Its schedule closed on ${formatDateTime(closed)}`,
    );
  });

  it('offers to change the schedule from the warning, closing it and going to Overview & schedule', async () => {
    const opens = new Date(Date.now() + 3_600_000).toISOString();
    const onChange = show({ allowAnonymous: true, allowSignin: true, scheduleStart: opens, scheduleEnd: null });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Lobby?' });
    const change = within(dialog).getByRole('link', { name: 'Change the schedule' });
    expect(change.getAttribute('href')).toBe('/resim/r1?tab=overview');
    fireEvent.click(change);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange.router.state.location).toMatchObject({ pathname: '/resim/r1', search: '?tab=overview' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes the author to the checker when the server refuses to open for its errors', async () => {
    const message = 'The scenario cannot open to learners while the checker finds errors: The action “CT head” can never be run.';
    const onChange = show({ allowAnonymous: true, allowSignin: false });
    onChange.mockRejectedValueOnce(
      new ApiError(message, {
        method: 'POST',
        path: '/admin/control/r1/1',
        status: 409,
        code: 'conflict',
        body: { code: 'conflict', message, checkerErrors: 1 },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    await waitFor(() => expect(onChange.onCheckerRefusal).toHaveBeenCalledTimes(1));
  });

  it('stays where it is when opening is refused for another reason', async () => {
    const message = 'Your subscription has no learner slots left';
    const onChange = show({ allowAnonymous: true, allowSignin: false });
    onChange.mockRejectedValueOnce(
      new ApiError(message, {
        method: 'POST',
        path: '/admin/control/r1/1',
        status: 409,
        code: 'conflict',
        body: { code: 'conflict', message },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Lobby' }).hasAttribute('data-loading')).toBe(false));
    expect(onChange.onCheckerRefusal).not.toHaveBeenCalled();
  });

  it('offers no way to the schedule when the schedule is not what turns learners away', async () => {
    show({ allowAnonymous: false, allowSignin: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Lobby?' });
    expect(within(dialog).queryByRole('link', { name: 'Change the schedule' })).toBeNull();
  });
});

/** A running session's Stop, with the learners the scoreboard shows still within their extra time. */
const showStop = (stillPlaying: readonly AccommodatedLearner[], onChange = vi.fn().mockResolvedValue(undefined), mode = 1) => {
  const accommodatedStillPlaying = vi.fn().mockResolvedValue(stillPlaying);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RunStatusControl
            status={2}
            mode={mode}
            blocked={null}
            access={{ allowAnonymous: true, allowSignin: true }}
            onChange={onChange}
            accommodatedStillPlaying={accommodatedStillPlaying}
          />
        ),
      },
    ],
    { initialEntries: ['/resim/r1'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return Object.assign(onChange, { accommodatedStillPlaying });
};

const title = 'Learners with extra time are still playing';
const stillPlaying = [
  { nickname: 'Ann', accommodation: '+50 % time' },
  { nickname: 'Bo', accommodation: 'untimed' },
];

/** axe's critical and serious violations in what is on screen (contrast is the theme's, checked in the browser). */
const violations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious').map((v) => v.id);
};

describe('run status control: learners with extra time', () => {
  it('asks before stopping while they are still playing, naming them and their extra time, and lets them finish', async () => {
    const onChange = showStop(stillPlaying);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(onChange.accommodatedStillPlaying).toHaveBeenCalled();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['AnnExtra time: +50 % time', 'BoExtra time: untimed']);
    expect(extraTimeBadges(dialog)).toEqual(['Extra time: +50 % time', 'Extra time: untimed']);
    expect(screen.queryByRole('dialog', { name: 'Stop Simulation?' })).toBeNull();
    expect(await violations()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Let them finish' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3, 'spare'));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        'Every other run has ended. The learners with extra time play on, and the session stays running until you stop it again.',
      ),
    );
  });

  it('ends every run now when asked', async () => {
    const onChange = showStop(stillPlaying);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: 'End all runs now' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3, 'end'));
  });

  it('stops nothing on Cancel', async () => {
    const onChange = showStop(stillPlaying);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks as usual when none of them is still playing', async () => {
    const onChange = showStop([]);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    await screen.findByRole('dialog', { name: 'Stop Simulation?' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Stop Simulation' }).at(-1)!);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3));
  });

  it('asks only when a live session is stopped, not when a self-paced scenario is closed', async () => {
    const onChange = showStop(stillPlaying, undefined, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Close Scenario' }));
    await screen.findByRole('dialog', { name: 'Close Scenario?' });
    expect(onChange.accommodatedStillPlaying).not.toHaveBeenCalled();
  });

  it('asks the same when the server refuses the Stop for them, in its words', async () => {
    const message = 'Learners with extra time are still within their time: Ann';
    const refused = new ApiError(message, {
      method: 'POST',
      path: '/admin/control/r1/3',
      status: 409,
      code: 'conflict',
      body: { code: 'conflict', message, learners: [{ nickname: 'Ann', accommodation: '+50 % time' }] },
    });
    const onChange = showStop([], vi.fn().mockRejectedValueOnce(refused).mockResolvedValue(undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Stop Simulation' }));
    await screen.findByRole('dialog', { name: 'Stop Simulation?' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Stop Simulation' }).at(-1)!);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(extraTimeBadges(dialog)).toEqual(['Extra time: +50 % time']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Let them finish' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(3, 'spare'));
  });
});
