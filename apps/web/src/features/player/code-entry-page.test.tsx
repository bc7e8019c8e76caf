import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LearnerScenario } from '@resim/contracts';
import type { ApiClient } from '../../api/client';
import { CodeEntryPage } from './code-entry-page';
import { joinCodeProblem } from './join-code';
import { formatDateTime } from '../../ui/format';
import { renderPlayer, sessionFixture } from './player-fixtures';

const scenario = (changes: Partial<LearnerScenario>): LearnerScenario => ({
  resimId: 'r1',
  resimName: 'Chest pain',
  code: 'CHEST1',
  phase: 'open',
  gameId: null,
  ended: false,
  endedAt: null,
  points: null,
  reportReady: false,
  certificateReady: false,
  allocated: false,
  resimStatus: 2,
  schedule: { opens: null, closes: null, phase: 'unscheduled' },
  ...changes,
});

describe('code entry', () => {
  it('checks the code is there and of a join code’s length', () => {
    expect(joinCodeProblem('  ')).toBe('Enter the join code you were given');
    expect(joinCodeProblem('AB')).toBe('A join code has 3 to 16 characters');
    expect(joinCodeProblem(' abc 123 ')).toBeNull();
  });

  it('leads to the code’s join page, or says what is wrong with the code', () => {
    renderPlayer(<CodeEntryPage />, { api: {} as ApiClient, route: '/play' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the join code you were given')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Join code'), { target: { value: ' abc 123 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location').textContent).toBe('/play/ABC123');
  });

  it('lists a signed-in learner’s simulations', async () => {
    const mine = vi.fn(async () => [
      scenario({}),
      scenario({ resimId: 'r2', resimName: 'Stroke', code: 'STROKE', ended: true }),
      scenario({ resimId: 'r3', resimName: 'Sepsis', code: 'SEPSIS', phase: 'closed', resimStatus: 0, allocated: true }),
      scenario({ resimId: 'r4', resimName: 'Burns', code: 'BURNS1', phase: 'closed', resimStatus: 3 }),
    ]);
    renderPlayer(<CodeEntryPage />, {
      api: { learn: { mine } } as unknown as ApiClient,
      session: sessionFixture({ signedIn: true }),
      route: '/play',
    });
    expect((await screen.findByRole('link', { name: /Chest pain/ })).getAttribute('href')).toBe('/play/CHEST1');
    expect(screen.getByRole('link', { name: /Stroke/ }).textContent).toContain('Finished');
    expect(screen.getByRole('link', { name: /Sepsis/ }).textContent).toContain('Not open yet');
    expect(screen.getByRole('link', { name: /Sepsis/ }).textContent).toContain('Given to you');
    expect(screen.getByRole('link', { name: /Burns/ }).textContent).toContain('Closed');
  });

  it('offers the report and certificate of an ended run whose session shows how it went, each named by its simulation', async () => {
    const mine = vi.fn(async () => [
      scenario({ resimName: 'Chest pain', gameId: 'g1', ended: true, reportReady: true, certificateReady: true }),
      scenario({ resimId: 'r2', resimName: 'Stroke', code: 'STROKE', gameId: 'g2', ended: true, reportReady: true }),
      scenario({ resimId: 'r3', resimName: 'Sepsis', code: 'SEPSIS', gameId: 'g3', ended: true }),
    ]);
    const pdf = vi.fn(async () => new Blob(['%PDF']));
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPlayer(<CodeEntryPage />, {
      api: { learn: { mine, pdf } } as unknown as ApiClient,
      session: sessionFixture({ signedIn: true }),
      route: '/play',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my certificate of Chest pain (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['Chest-pain-certificate.pdf']));
    expect(pdf).toHaveBeenCalledWith('g1', 'certificate', null);
    fireEvent.click(screen.getByRole('button', { name: 'Download my report of Stroke (PDF)' }));
    await waitFor(() => expect(pdf).toHaveBeenCalledWith('g2', 'report', null));
    expect(screen.queryByRole('button', { name: /certificate of Stroke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /of Sepsis/ })).toBeNull();
    // The row itself still leads to the simulation.
    expect(screen.getByRole('link', { name: /Chest pain/ }).getAttribute('href')).toBe('/play/CHEST1');
  });

  it('says when a scheduled simulation opens, and lets the learner sign out', async () => {
    const opens = '2030-05-01T09:00:00.000Z';
    const signOut = vi.fn(async () => undefined);
    const mine = vi.fn(async () => [scenario({ allocated: true, schedule: { opens, closes: null, phase: 'before' } })]);
    renderPlayer(<CodeEntryPage />, {
      api: { learn: { mine } } as unknown as ApiClient,
      session: sessionFixture({ signedIn: true, signOut }),
      route: '/play',
    });
    const row = await screen.findByRole('link', { name: /Chest pain/ });
    expect(row.textContent).toContain('Not open yet');
    expect(row.textContent).toContain(`Opens ${formatDateTime(opens)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });

  it('offers a guest to sign in to see their simulations', () => {
    const signIn = vi.fn(async () => undefined);
    renderPlayer(<CodeEntryPage />, { api: {} as ApiClient, session: sessionFixture({ signIn }), route: '/play' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('/play');
  });
});
