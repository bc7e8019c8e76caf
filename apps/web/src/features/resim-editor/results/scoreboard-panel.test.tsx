import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RunDetail } from '@resim/contracts';
import type { ApiClient } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { measureFixture, scenarioFixture } from '../../../test/scenario-fixtures';
import { boardLearnerOf, dashboardOf, extraTimeBadges, instanceOf, panelPropsOf, scoreboardOf } from './results-fixtures';
import { ScoreboardPanel } from './scoreboard-panel';

const dashboard = dashboardOf({
  currentInstanceId: 'i2',
  instances: [
    instanceOf('i2', '2025-05-02T09:00:00.000Z', { revision: 4, mostPoints: { value: 45, kind: 'exact' } }),
    instanceOf('i1', '2025-05-01T09:00:00.000Z'),
  ],
});

const boards = {
  i2: scoreboardOf(
    'i2',
    [
      boardLearnerOf('Bo', { rank: 1, points: 35, eventCount: 6, durationMs: 65_000, startedAt: 'x', endedAt: 'y' }),
      boardLearnerOf('Ann', { rank: 2, points: 10, eventCount: 3, durationMs: 4_400, startedAt: 'x', endedAt: 'y' }),
      boardLearnerOf('Cy', { startedAt: 'x', eventCount: 1, accommodation: '+50 % time' }),
    ],
    { averagePoints: 22.5 },
  ),
  i1: scoreboardOf('i1', [boardLearnerOf('Dee', { rank: 1, points: 5, startedAt: 'x', endedAt: 'y' })]),
};

const runOfBo: RunDetail = {
  run: {
    id: 'g-Bo',
    instanceId: 'i2',
    revision: 4,
    nickname: 'Bo',
    email: null,
    test: false,
    created: '2025-05-02T09:00:00.000Z',
    startedAt: '2025-05-02T09:01:00.000Z',
    endedAt: null,
    endReason: null,
    eventCount: 1,
    points: 10,
    measures: { points: 10 },
    rank: 1,
    verdict: null,
  },
  steps: [
    {
      seq: 1,
      type: 'runAction',
      at: '2025-05-02T09:02:00.000Z',
      detail: { actionId: 'a1' },
      facts: [{ id: 'a1', name: 'Full blood count', text: 'Hb 82 g/L' }],
      measures: [{ id: 'points', name: 'Points', value: 10 }],
    },
  ],
  facts: [{ id: 'a1', name: 'Full blood count', text: 'Hb 82 g/L' }],
  measures: [
    { id: 'points', name: 'Points', value: 10 },
    { id: 'measure1', name: 'Cost', value: 50 },
  ],
  launchedBy: null,
};

const show = (path = '/resim/r1?tab=scoreboard') => {
  const scoreboard = vi.fn(async (_resimId: string, instanceId: 'i1' | 'i2') => boards[instanceId]);
  const run = vi.fn().mockResolvedValue(runOfBo);
  const scoreboardCsv = vi.fn().mockResolvedValue('rank,nickname\r\n1,Bo\r\n');
  const request = vi.fn(async ({ path }: { path: string }) => {
    if (path.endsWith('/report') || path.endsWith('/reports') || path.endsWith('/certificate')) return new Blob(['file']);
    if (path.endsWith('/certificate/revoke')) return { code: 'K7M2P9QXWA', revokedAt: '2025-05-03T09:00:00.000Z' };
    throw new Error(`unexpected ${path}`);
  });
  const api = {
    request,
    resims: { dashboard: vi.fn().mockResolvedValue(dashboard), scoreboard, run, scoreboardCsv },
  } as unknown as ApiClient;
  const content = scenarioFixture({
    resimName: 'Anaemia clinic',
    currency: 'EUR',
    measures: [measureFixture('points', 'Points', { type: 7 }), measureFixture('measure1', 'Cost', { type: 1 })],
  });
  renderWithProviders(<ScoreboardPanel {...panelPropsOf(content)} />, { api, path });
  return Object.assign(scoreboard, { run, scoreboardCsv, request });
};

const rows = () =>
  within(screen.getByRole('table', { name: 'Learners by rank' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** The scoreboard of a scenario in a space, with Bo's run opened in its drawer; answers the drawer. */
const openBoInSpace = async (
  runStatements: ReturnType<typeof vi.fn>,
  runGrade: ReturnType<typeof vi.fn> = vi.fn().mockResolvedValue({ grade: null }),
  run: RunDetail = runOfBo,
) => {
  const api = {
    resims: {
      dashboard: vi.fn().mockResolvedValue(dashboard),
      scoreboard: vi.fn(async () => boards.i2),
      run: vi.fn().mockResolvedValue(run),
    },
    spaces: { runStatements, runGrade },
  } as unknown as ApiClient;
  const props = { ...panelPropsOf(scenarioFixture()), placement: { group: 'space-1', onMove: vi.fn() } };
  renderWithProviders(<ScoreboardPanel {...props} />, { api, path: '/resim/r1?tab=scoreboard' });
  fireEvent.click(await screen.findByRole('button', { name: 'Open the run of Bo' }));
  return screen.findByRole('dialog', { name: 'Bo' });
};

describe('scoreboard: the pass mark', () => {
  const passed = { passed: true, reasons: ['40 points scored (30 needed)'] };
  const failed = { passed: false, reasons: ['10 points scored (30 needed)', 'Harmful test “CT head” was run'] };
  const judgedBoard = scoreboardOf('i2', [
    boardLearnerOf('Bo', { rank: 1, points: 40, startedAt: 'x', endedAt: 'y', verdict: passed }),
    boardLearnerOf('Ann', { rank: 2, points: 10, startedAt: 'x', endedAt: 'y', verdict: failed }),
    boardLearnerOf('Cy', { rank: 3, points: 10, startedAt: 'x', endedAt: 'y', verdict: failed }),
    boardLearnerOf('Dee', { startedAt: 'x' }),
  ]);
  const showJudged = (run: RunDetail = runOfBo) => {
    const api = {
      resims: {
        dashboard: vi.fn().mockResolvedValue(dashboard),
        scoreboard: vi.fn(async () => judgedBoard),
        run: vi.fn().mockResolvedValue(run),
      },
    } as unknown as ApiClient;
    renderWithProviders(<ScoreboardPanel {...panelPropsOf(scenarioFixture())} />, { api, path: '/resim/r1?tab=scoreboard' });
  };

  it('gives each judged run a Result badge with its reasons, and the pass rate in the summary', async () => {
    showJudged();
    await screen.findByRole('table', { name: 'Learners by rank' });
    expect(screen.getByRole('columnheader', { name: 'Result' })).toBeTruthy();
    expect(rows().map((row) => [row[1], row[6]])).toEqual([
      ['Bo', 'Passed'],
      ['Ann', 'Failed'],
      ['Cy', 'Failed'],
      ['Dee', '–'],
    ]);
    expect(screen.getAllByLabelText('Failed: 10 points scored (30 needed). Harmful test “CT head” was run')).toHaveLength(2);
    expect(screen.getByLabelText('Pass rate').textContent).toBe('33 %Passed: 1 of 3 judged');
  });

  it('says the verdict and its reasons in the run’s drawer', async () => {
    showJudged({ ...runOfBo, run: { ...runOfBo.run, endedAt: '2025-05-02T09:05:00.000Z', verdict: failed } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the run of Bo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bo' });
    const mark = await within(drawer).findByLabelText('Pass mark');
    expect(mark.textContent).toBe('Pass markFailed10 points scored (30 needed)Harmful test “CT head” was run');
  });

  it('has no Result column nor pass rate when no run is judged', async () => {
    show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    expect(screen.queryByRole('columnheader', { name: 'Result' })).toBeNull();
    expect(screen.queryByLabelText('Pass rate')).toBeNull();
  });
});

describe('scoreboard', () => {
  it('shows the current opening’s learners in rank order, with their time taken as m:ss', async () => {
    const scoreboard = show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    expect(scoreboard).toHaveBeenCalledWith('r1', 'i2', expect.anything());
    expect(rows()).toEqual([
      ['1', 'Bo', '35', '6', '1:05', 'Ended'],
      ['2', 'Ann', '10', '3', '0:04', 'Ended'],
      ['–', 'CyExtra time: +50 % time', '–', '1', '–', 'Started'],
    ]);
    expect(extraTimeBadges(screen.getByRole('table', { name: 'Learners by rank' }))).toEqual(['Extra time: +50 % time']);
    expect(screen.getByText('1 learner with extra time')).toBeTruthy();
    expect(screen.getByLabelText('Average points').textContent).toContain('22.5');
    expect(screen.getByLabelText('Most points reachable').textContent).toBe('45Most points reachable');
    expect(screen.getByLabelText('Version played').textContent).toBe('4Revision played');
    expect(screen.getByLabelText('Finished of joined').textContent).toContain('2 / 3');
    const chart = screen.getByRole('list', { name: 'Points per learner' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bo35', 'Ann10']);
  });

  it('names the run’s extra time in its drawer', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the run of Cy' }));
    const drawer = await screen.findByRole('dialog', { name: /^Cy/ });
    expect(extraTimeBadges(drawer)).toEqual(['Extra time: +50 % time']);
  });

  it('switches to another opening picked from the list', async () => {
    show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Opening' }));
    fireEvent.click(await screen.findByRole('option', { name: /May 1, 2025|1 May 2025/ }));
    await waitFor(() => expect(rows().map((row) => row[1])).toEqual(['Dee']));
    // An opening made before openings recorded their version says nothing of it.
    expect(screen.queryByLabelText('Version played')).toBeNull();
    expect(screen.queryByLabelText('Most points reachable')).toBeNull();
  });

  it('opens the opening named in the address', async () => {
    const scoreboard = show('/resim/r1?tab=scoreboard&instance=i1');
    await waitFor(() => expect(rows().map((row) => row[1])).toEqual(['Dee']));
    expect(scoreboard).not.toHaveBeenCalledWith('r1', 'i2', expect.anything());
  });

  it('opens a learner’s run from their row, step by step', async () => {
    const { run } = show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the run of Bo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bo' });
    expect(run).toHaveBeenCalledWith('r1', 'g-Bo', expect.anything());
    const steps = await within(drawer).findByLabelText('Steps');
    expect(steps.textContent).toContain('1. ran a1');
    expect(steps.textContent).toContain('Full blood count: Hb 82 g/L');
    expect(steps.textContent).toContain('Points 10');
    expect(within(drawer).getByLabelText('Played revision 4').textContent).toBe('Revision 4');
    // Money in the scenario's currency, as everywhere a measure is shown.
    expect(drawer.textContent).toContain(`Cost ${new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(50)}`);
  });

  it('says where a run’s xAPI statements went when its space sends them, and why one failed', async () => {
    const runStatements = vi.fn().mockResolvedValue([
      { id: 's1', seq: 1, verb: 'initialized', status: 'sent', attempts: 1, lastError: null, sentAt: '2026-12-02T10:00:01.000Z' },
      { id: 's2', seq: 1, verb: 'interacted', status: 'sent', attempts: 1, lastError: null, sentAt: '2026-12-02T10:00:01.000Z' },
      { id: 's3', seq: 2, verb: 'answered', status: 'queued', attempts: 1, lastError: 'The LRS answered 503', sentAt: null },
      {
        id: 's4',
        seq: 3,
        verb: 'completed',
        status: 'failed',
        attempts: 1,
        lastError: 'The LRS answered 400: it refused the request',
        sentAt: null,
      },
    ]);
    const drawer = await openBoInSpace(runStatements);
    const records = await within(drawer).findByLabelText('Learning record store');
    expect(runStatements).toHaveBeenCalledWith('space-1', 'g-Bo', expect.anything());
    expect(records.textContent).toBe(
      'Learning record store4 xAPI statements: 2 sent, 1 waiting, 1 failed.The LRS answered 400: it refused the request',
    );
  });

  it('says nothing of statements for a run its space sent none of', async () => {
    const runStatements = vi.fn().mockResolvedValue([]);
    const drawer = await openBoInSpace(runStatements);
    await within(drawer).findByLabelText('Steps');
    await waitFor(() => expect(runStatements).toHaveBeenCalled());
    expect(within(drawer).queryByLabelText('Learning record store')).toBeNull();
    expect(within(drawer).queryByLabelText('Gradebook')).toBeNull();
    expect(within(drawer).queryByLabelText('Launched by')).toBeNull();
  });

  it('says which learning platform launched a run, and who the learner is there', async () => {
    const scorm = await openBoInSpace(vi.fn().mockResolvedValue([]), undefined, {
      ...runOfBo,
      launchedBy: { source: 'scorm', name: 'SCORM 2004 package', learnerRef: 'moodle-17' },
    });
    expect((await within(scorm).findByLabelText('Launched by')).textContent).toBe(
      'Launched from a learning platform through a SCORM 2004 package, where the learner is moodle-17.',
    );
  });

  it('says where the grade of a run a learning platform launched went, in the platform’s words when it failed', async () => {
    const grade = {
      platform: 'Moodle',
      scoreGiven: 30,
      scoreMaximum: 35,
      attempts: 1,
      lastError: null,
      sentAt: '2026-12-02T10:00:01.000Z',
    };
    const sent = await openBoInSpace(vi.fn().mockResolvedValue([]), vi.fn().mockResolvedValue({ grade: { ...grade, status: 'sent' } }));
    expect((await within(sent).findByLabelText('Gradebook')).textContent).toBe('GradebookSent to Moodle (30 of 35).');
  });

  it('says a grade failed, after how many attempts, with what the platform answered', async () => {
    const failed = {
      platform: 'Canvas',
      status: 'failed',
      scoreGiven: 30,
      scoreMaximum: 35,
      attempts: 3,
      lastError: 'Sending the grade: the platform answered 403 user is not enrolled',
      sentAt: null,
    };
    const drawer = await openBoInSpace(vi.fn().mockResolvedValue([]), vi.fn().mockResolvedValue({ grade: failed }));
    expect((await within(drawer).findByLabelText('Gradebook')).textContent).toBe(
      'GradebookNot sent to Canvas (30 of 35): it failed after 3 attempts.Sending the grade: the platform answered 403 user is not enrolled',
    );
  });

  it('says a run of one point in the singular', async () => {
    const { run } = show();
    run.mockResolvedValue({ ...runOfBo, run: { ...runOfBo.run, points: 1 } });
    await screen.findByRole('table', { name: 'Learners by rank' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the run of Bo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bo' });
    expect(await within(drawer).findByText('Rank 1 · 1 point')).toBeTruthy();
  });

  it('marks a learner the host removed', async () => {
    boards.i2.learners.push(boardLearnerOf('Eve', { endedAt: 'z', endReason: 'removed' }));
    show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    expect(rows().at(-1)).toEqual(['–', 'Eve', '–', '0', '–', 'Removed']);
    boards.i2.learners.pop();
  });

  it('downloads the opening’s results as a CSV file named after the scenario and the day it opened', async () => {
    const createObjectURL = vi.fn(() => 'blob:results');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Anaemia-clinic-2025-05-02.csv');
    });
    const { scoreboardCsv } = show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(scoreboardCsv).toHaveBeenCalledWith('r1', 'i2');
    clicked.mockRestore();
  });

  it('downloads every learner’s report of the opening in one zip, and one run’s report from its drawer', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:reports'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { request, run } = show();
    await screen.findByRole('table', { name: 'Learners by rank' });
    fireEvent.click(screen.getByRole('button', { name: 'All reports (zip)' }));
    await waitFor(() => expect(saved).toEqual(['Anaemia-clinic-reports.zip']));
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/admin/resim/r1/instance/i2/reports', binary: true }));

    run.mockResolvedValue({ ...runOfBo, run: { ...runOfBo.run, endedAt: '2025-05-02T09:05:00.000Z' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the run of Bo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bo' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Report (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['Anaemia-clinic-reports.zip', 'Bo-g-Bo-report.pdf']));
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/admin/resim/r1/games/g-Bo/report' }));
    clicked.mockRestore();
  });

  it('gives a passed run’s certificate from its drawer, and revokes it after asking', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:certificate'), revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { request, run } = show();
    run.mockResolvedValue({
      ...runOfBo,
      run: { ...runOfBo.run, endedAt: '2025-05-02T09:05:00.000Z', verdict: { passed: true, reasons: ['35 points scored (30 needed)'] } },
    });
    await screen.findByRole('table', { name: 'Learners by rank' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the run of Bo' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bo' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Certificate (PDF)' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/admin/resim/r1/games/g-Bo/certificate' })));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Revoke certificate…' }));
    const asked = await screen.findByRole('dialog', { name: 'Revoke Bo’s certificate?' });
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/admin/resim/r1/games/g-Bo/certificate/revoke' }));
    fireEvent.click(within(asked).getByRole('button', { name: 'Revoke' }));
    expect((await within(drawer).findByRole('status')).textContent).toBe('Certificate K7M2P9QXWA revoked');
    clicked.mockRestore();
  });

  it('says how to let learners in when there is no opening', async () => {
    const api = { resims: { dashboard: vi.fn().mockResolvedValue(dashboardOf()), scoreboard: vi.fn() } } as unknown as ApiClient;
    renderWithProviders(<ScoreboardPanel {...panelPropsOf(scenarioFixture())} />, { api });
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
  });
});
