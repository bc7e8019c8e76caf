import type { GameSnapshot } from '@resim/contracts';
import { defaultTextSet, type LearnerEvent, type RunView, type TextSet } from '@resim/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderPlayer, snapshotFixture, viewFixture } from './player-fixtures';
import { RunRefusal } from './run-connection';
import { fixedMediaQuery } from '../../test/media-query';
import { RunScreen } from './run-screen';
import type { LiveRun } from './use-run-connection';

const setup = (
  view: RunView,
  options: { send?: (event: LearnerEvent) => Promise<GameSnapshot>; snapshot?: Partial<GameSnapshot> } = {},
) => {
  const snapshot = snapshotFixture({ view: view as GameSnapshot['view'], ...options.snapshot });
  const send = vi.fn(options.send ?? (async () => snapshot));
  const live: LiveRun = { snapshot, receivedAt: Date.now(), status: 'live', unread: [], dismiss: vi.fn(), send, refresh: vi.fn() };
  let show: (next: RunView) => void = () => undefined;
  // The run as the connection would hand it on: a new view arrives, the screen stays.
  const Harness = () => {
    const [current, setCurrent] = useState(view);
    show = setCurrent;
    return <RunScreen live={{ ...live, snapshot: { ...snapshot, view: current as GameSnapshot['view'] } }} view={current} />;
  };
  renderPlayer(<Harness />, { api: {} as ApiClient });
  const rerender = (next: RunView) => act(() => show(next));
  return { send, rerender };
};

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) });

describe('run screen', () => {
  it('speaks the run’s own wording (uiText of the scenario and stage), not the defaults', () => {
    const text: TextSet = {
      ...defaultTextSet,
      facts: 'Findings',
      actions: 'investigations',
      actionChoiceCTA: 'Order investigations',
      searchActions: 'Find an investigation',
      conclusion: 'Impression',
      conclusionCTA: 'Conclude',
      simulationEndCTA: 'Finish the case',
      stage: 'Step',
      descriptionOpen: 'Read the brief',
    };
    setup(viewFixture({ text }), { snapshot: { eventCount: 2 } });
    expect(screen.getByRole('heading', { name: 'Findings' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Investigations' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Impression' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Order investigations' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Find an investigation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conclude' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish the case' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read the brief' })).toBeTruthy();
    expect(screen.getByText(/Step:/)).toBeTruthy();
    for (const fallback of ['Test Results', 'Run tests', 'Diagnose', 'End simulation', 'Task:'])
      expect(screen.queryByText(fallback)).toBeNull();
  });

  it('opens on the case and its first stage, keeps them a tap away, and closes them after the first step', async () => {
    const { rerender } = setup(viewFixture());
    const toggle = () => screen.getByRole('button', { name: /description/ });
    expect(screen.getByText('A patient arrives short of breath.')).toBeTruthy();
    expect(screen.getByText(/Task:/).textContent).toBe('Task: Assessment');
    expect(screen.getByText('Find out why the patient is breathless.')).toBeTruthy();
    expect(toggle().textContent).toBe('Hide description');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    rerender(viewFixture({ facts: [] }));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the case by itself once the first step is taken, and opens it again on a tap', async () => {
    const snapshot = snapshotFixture();
    const live: LiveRun = {
      snapshot,
      receivedAt: Date.now(),
      status: 'live',
      unread: [],
      dismiss: vi.fn(),
      send: vi.fn(),
      refresh: vi.fn(),
    };
    let step: () => void = () => undefined;
    const Harness = () => {
      const [eventCount, setEventCount] = useState(0);
      step = () => setEventCount(1);
      return <RunScreen live={{ ...live, snapshot: { ...snapshot, eventCount } }} view={snapshot.view as RunView} />;
    };
    renderPlayer(<Harness />, { api: {} as ApiClient });
    const toggle = () => screen.getByRole('button', { name: /description/ });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    act(() => step());
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
    expect(toggle().textContent).toBe('Show description');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
  });

  it('leads from the results to the tests, as "Add tests" before any result and "Add more tests" after, in the run’s words', () => {
    const text = { ...defaultTextSet, addActions: 'Order investigations', addMoreActions: 'Order more' };
    const { rerender } = setup(viewFixture({ text, facts: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Order investigations' }));
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Search tests'));
    expect(screen.queryByRole('button', { name: 'Order more' })).toBeNull();
    const result = {
      source: 'action' as const,
      id: 'act1',
      name: 'Chest X-ray',
      text: 'Clear',
      feedback: null,
      at: 1,
      images: [],
      videos: [],
      files: [],
    };
    rerender(viewFixture({ text, facts: [result] }));
    expect(screen.queryByRole('button', { name: 'Order investigations' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Order more' }));
    // Nothing left to run: nowhere to lead.
    rerender(
      viewFixture({
        text,
        facts: [result],
        actions: [{ id: 'act1', name: 'Chest X-ray', stage: 'stg1', availability: 'done', reason: null }],
      }),
    );
    expect(screen.queryByRole('button', { name: 'Order more' })).toBeNull();
  });

  it('runs the tests picked, one event each, in order', async () => {
    const { send } = setup(viewFixture());
    expect(screen.getByRole('button', { name: 'Run tests' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(checkbox('Chest X-ray'));
    fireEvent.click(checkbox('Blood count'));
    click('Run tests (2)');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'runAction', actionId: 'act1' },
      { type: 'runAction', actionId: 'act3' },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run tests' }).hasAttribute('disabled')).toBe(true));
  });

  it('shows the results on a phone once they come, unless the learner went to another tab meanwhile', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQuery(query, query.includes('max-width')));
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      let answer: () => void = () => undefined;
      const { send } = setup(viewFixture({ facts: [] }), {
        send: () =>
          new Promise((resolve) => {
            answer = () => resolve(snapshotFixture({ view: viewFixture() }));
          }),
      });
      const selected = () => screen.getByRole('tab', { selected: true }).textContent;
      expect(selected()).toBe('Tests');
      fireEvent.click(checkbox('Chest X-ray'));
      click('Run tests (1)');
      await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      await act(async () => answer());
      await waitFor(() => expect(selected()).toContain('Test Results'));

      fireEvent.click(screen.getByRole('tab', { name: /tests/i }));
      fireEvent.click(checkbox('Blood count'));
      click('Run tests (1)');
      await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
      fireEvent.click(screen.getByRole('tab', { name: /Diagnosis/ }));
      await act(async () => answer());
      expect(selected()).toContain('Diagnosis');
    } finally {
      phone.mockRestore();
      scroll.mockRestore();
    }
  });

  it('shows the engine’s refusal and stops there', async () => {
    const { send } = setup(viewFixture(), {
      send: async () => {
        throw new RunRefusal('not_available', 'Chest X-ray cannot be run yet');
      },
    });
    fireEvent.click(checkbox('Chest X-ray'));
    fireEvent.click(checkbox('ECG'));
    click('Run tests (2)');
    expect((await screen.findByRole('alert')).textContent).toContain('Chest X-ray cannot be run yet');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('searches the tests and says when none matches', () => {
    setup(viewFixture());
    fireEvent.change(screen.getByPlaceholderText('Search tests'), { target: { value: 'ecg' } });
    expect(screen.queryByRole('checkbox', { name: /Chest X-ray/ })).toBeNull();
    expect(checkbox('ECG')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search tests'), { target: { value: 'MRI' } });
    expect(screen.getByText('No tests found')).toBeTruthy();
  });

  it('marks tests done, disables blocked ones with their reason, and says when all were used', () => {
    const { rerender } = setup(
      viewFixture({
        actions: [
          { id: 'act1', name: 'Chest X-ray', stage: 'stg1', availability: 'done', reason: null },
          { id: 'act2', name: 'CT scan', stage: 'stg1', availability: 'unavailable', reason: 'Needs the X-ray result first' },
          { id: 'act3', name: 'ECG', stage: 'stg1', availability: 'available', reason: null },
        ],
      }),
    );
    expect(checkbox('CT scan').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Needs the X-ray result first')).toBeTruthy();
    expect(within(checkbox('Chest X-ray')).getByText('Done')).toBeTruthy();
    rerender(
      viewFixture({
        actions: [
          { id: 'act1', name: 'Chest X-ray', stage: 'stg1', availability: 'done', reason: null },
          { id: 'act3', name: 'ECG', stage: 'stg1', availability: 'done', reason: null },
        ],
      }),
    );
    expect(screen.getByText('You have used all tests')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run tests' })).toBeNull();
  });

  it('lets the learner pick up to the maximum of diagnoses, change the choice, and confirm it in the same sheet', async () => {
    const { send } = setup(viewFixture({ maxConclusions: 2 }));
    click('Diagnose');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You can select 2 diagnoses')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm Diagnosis' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Pneumonia/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Asthma/ }));
    expect(
      within(dialog)
        .getByRole('checkbox', { name: /Heart failure/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(dialog).getByText('Pneumonia, Asthma')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change diagnosis' }));
    expect(within(dialog).queryByText('Pneumonia, Asthma')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Pneumonia/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Heart failure/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Diagnosis' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'confirmConclusions', conclusionIds: ['conc1', 'conc2'] }));
  });

  it('picks and confirms a diagnosis in three taps, the search left unfocused on a touch screen', async () => {
    const touch = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => fixedMediaQuery(query, query.includes('pointer: coarse')));
    try {
      const { send } = setup(viewFixture());
      click('Diagnose');
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      expect(document.activeElement).not.toBe(within(dialog).getByPlaceholderText('Search diagnoses'));
      fireEvent.click(within(dialog).getByRole('checkbox', { name: /Asthma/ }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Diagnosis' }));
      await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'confirmConclusions', conclusionIds: ['conc3'] }));
    } finally {
      touch.mockRestore();
    }
  });

  it('tells the learner they are done once the run’s maximum of diagnoses is confirmed, and offers the end', async () => {
    const { send } = setup(
      viewFixture({
        conclusions: [
          { id: 'conc1', name: 'Pneumonia', stage: 'stg1', availability: 'done', reason: null, feedback: null },
          { id: 'conc2', name: 'Asthma', stage: 'stg1', availability: 'unavailable', reason: 'You can select 1 diagnosis', feedback: null },
        ],
      }),
    );
    expect(screen.queryByRole('button', { name: 'Diagnose' })).toBeNull();
    expect(screen.getByText('You can select 1 diagnosis')).toBeTruthy();
    expect(screen.getByText('You are done. End the simulation when you are ready.')).toBeTruthy();
    const ends = screen.getAllByRole('button', { name: 'End simulation' });
    expect(ends).toHaveLength(2);
    fireEvent.click(ends[1]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End simulation' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'end' }));
  });

  it('offers only what is left of the run’s maximum in the chooser', async () => {
    setup(
      viewFixture({
        maxConclusions: 3,
        conclusions: [
          { id: 'conc1', name: 'Pneumonia', stage: 'stg1', availability: 'done', reason: null, feedback: null },
          { id: 'conc2', name: 'Heart failure', stage: 'stg1', availability: 'available', reason: null, feedback: null },
          { id: 'conc3', name: 'Asthma', stage: 'stg1', availability: 'available', reason: null, feedback: null },
        ],
      }),
    );
    click('Diagnose');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You can select 2 diagnoses')).toBeTruthy();
  });

  it('searches the diagnoses in the chooser', async () => {
    setup(viewFixture());
    click('Diagnose');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('Search diagnoses'), { target: { value: 'gout' } });
    expect(within(dialog).getByText('No diagnoses found')).toBeTruthy();
  });

  it('shows the hint’s cost, takes it only when confirmed, then shows its text', async () => {
    const { send, rerender } = setup(viewFixture({ hint: { cost: [{ measureId: 'points', value: -5 }] } }));
    expect(screen.getByText('Costs Points -5')).toBeTruthy();
    click('Show hint');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Taking the hint changes Points -5.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(send).not.toHaveBeenCalled();

    click('Show hint');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Show hint' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'takeHint' }));
    rerender(viewFixture({ hint: null, hintText: 'Listen to the lungs.' }));
    expect(screen.getByText('Listen to the lungs.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show hint' })).toBeNull();
  });

  it('ends the run only once the learner confirms', async () => {
    const { send } = setup(viewFixture());
    click('End simulation');
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You will not be able to run tests or change your diagnosis after this.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(send).not.toHaveBeenCalled();

    click('End simulation');
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End simulation' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'end' }));
  });

  it('lists the baseline first and the newest result next, announcing new results', () => {
    const noMedia = { images: [], videos: [], files: [] };
    const baseline = viewFixture().facts[0]!;
    const { rerender } = setup(
      viewFixture({
        facts: [baseline, { source: 'action', id: 'act1', name: 'Chest X-ray', text: 'Clear', feedback: null, at: 1000, ...noMedia }],
      }),
    );
    rerender(
      viewFixture({
        facts: [
          baseline,
          { source: 'action', id: 'act1', name: 'Chest X-ray', text: 'Clear', feedback: null, at: 1000, ...noMedia },
          { source: 'action', id: 'act2', name: 'ECG', text: 'Sinus tachycardia', feedback: 'Good call', at: 2000, ...noMedia },
        ],
      }),
    );
    const titles = screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
    expect(titles).toEqual(['On arrival', 'ECG', 'Chest X-ray']);
    expect(screen.getByText('Good call')).toBeTruthy();
    expect(screen.getByText('Test Results: ECG')).toBeTruthy();
  });

  it('shows each measure under its full name beside the time taken, and the cost of tests when the scenario shows it', () => {
    const measures: RunView['measures'] = [
      { id: 'measure1', name: 'Budget', type: 1, value: 460, min: null, max: null, limitKind: null, atLimit: false, timeUnit: 'seconds' },
      {
        id: 'measure2',
        name: 'Time to diagnosis',
        type: 4,
        value: 3,
        min: null,
        max: null,
        limitKind: null,
        atLimit: false,
        timeUnit: 'hours',
      },
    ];
    setup(viewFixture({ measures, currency: 'EUR', actionCosts: { act1: [{ measureId: 'measure1', value: -40 }] } }));
    const bar = screen.getByRole('list', { name: 'Measures' });
    expect(
      within(bar)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([expect.stringMatching(/^Time taken\d+:\d\d$/), 'Budget€460.00', 'Time to diagnosis3 hours']);
    expect(checkbox('Chest X-ray').textContent).toContain('Costs Budget -€40.00');
    expect(screen.getAllByText(/^Costs /)).toHaveLength(1);
  });

  it('hides the time measures and the run time when the scenario hides time', () => {
    const measures: RunView['measures'] = [
      { id: 'points', name: 'Points', type: 7, value: 10, min: null, max: null, limitKind: null, atLimit: false, timeUnit: 'seconds' },
      { id: 'measure1', name: 'Time left', type: 3, value: 300, min: 0, max: null, limitKind: 1, atLimit: false, timeUnit: 'seconds' },
    ];
    setup(viewFixture({ measures }), { snapshot: { settings: { hideRank: false, hideTime: true, allowApp: true, allowBrowser: true } } });
    const bar = screen.getByRole('list', { name: 'Measures' });
    expect(within(bar).getByText('Points')).toBeTruthy();
    expect(within(bar).queryByText('Time left')).toBeNull();
    expect(within(bar).queryByText('Time taken')).toBeNull();
  });
});

describe('run screen: the learner’s own time', () => {
  const countdown = (value: number): RunView['measures'] => [
    { id: 'clock', name: 'Time left', type: 3, value, min: 0, max: null, limitKind: 1, atLimit: false, timeUnit: 'seconds' },
  ];
  const announcement = () => document.getElementById('run-time-announcement');

  it('tells the learner their extra time beside the clock, and says it with the time left when the run opens', async () => {
    setup(viewFixture({ measures: countdown(1800) }), { snapshot: { allowance: { untimed: false, extraSeconds: 1500 } } });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('You have 25 minutes more than the standard time.')).toBeTruthy();
    expect(announcement()?.getAttribute('aria-live')).toBe('polite');
    await waitFor(() =>
      expect(announcement()?.textContent).toBe('You have 25 minutes more than the standard time. Time remaining: 30 minutes.'),
    );
    // The clock ticks every second: it is no live region, nor inside one.
    expect(screen.getByRole('list', { name: 'Measures' }).closest('[aria-live]')).toBeNull();
    const results = await axe.run(header, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')).toEqual([]);
  });

  it('says a run is untimed, and still measured', async () => {
    setup(viewFixture({ measures: [] }), { snapshot: { allowance: { untimed: true, extraSeconds: null } } });
    const text = 'This run is untimed: no time limit ends it. Your time is still measured.';
    expect(within(screen.getByRole('banner')).getByText(text)).toBeTruthy();
    await waitFor(() => expect(announcement()?.textContent).toBe(text));
  });

  it('says nothing of an allowance for a run played to the scenario’s time', () => {
    setup(viewFixture({ measures: countdown(1800) }));
    expect(screen.queryByText(/more than the standard time|untimed/)).toBeNull();
  });

  it('announces the time left when 10 minutes remain, not at every tick of the clock', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      setup(viewFixture({ measures: countdown(605) }), {
        snapshot: { startedAt: new Date(Date.now()).toISOString(), serverTime: Date.now() },
      });
      act(() => {
        vi.advanceTimersByTime(0);
      });
      expect(announcement()?.textContent).toBe('Time remaining: 10 minutes.');
      act(() => {
        vi.advanceTimersByTime(3000);
      });
      expect(announcement()?.textContent).toBe('Time remaining: 10 minutes.');
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(screen.getByText('10:00')).toBeTruthy();
      expect(announcement()?.textContent).toBe('10 minutes remaining.');
    } finally {
      vi.useRealTimers();
    }
  });
});
