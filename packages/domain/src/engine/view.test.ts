import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { defaultTextSet } from '../scenario/text-set';
import { startRun } from './run';
import { snapshotDelta } from './snapshot-delta';
import { confirm, play, runAction } from './test/runs';
import type { RunEvent } from './types';
import { runView } from './view';

const image = (id: string) => ({ id, url: `https://example.com/${id}.png`, description: '' });

const clinic = (extra: Record<string, unknown> = {}) =>
  content({
    stages: [
      { id: 'stg1', name: 'History', default: true, uiText: { actions: 'questions' } },
      {
        id: 'stg2',
        name: 'Examination',
        description: 'Examine',
        requiredActions: { all: ['act1'], any: [], none: [] },
        descriptionImages: [image('abdomen')],
      },
    ],
    baseline: [{ id: 'baseline1', name: 'Presenting complaint', facts: 'Tired for weeks', factImages: [image('face')] }],
    actions: [
      { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 90', feedback: 'Good start', factFiles: [image('fbc')] },
      { id: 'act2', name: 'Chest X-ray', stage: 'stg2', facts: 'Clear', feedback: 'Not needed', instantFeedback: true },
      { id: 'act3', name: 'CT', stage: 'stg2', isAlwaysShown: true },
      { id: 'act4', name: 'MRI', stage: 'stg2' },
      { id: 'act5', name: 'Ferritin', stage: 'stg1', isAlwaysShown: true, requiredActions: { all: ['act1'], any: [], none: [] } },
    ],
    conclusions: [
      { id: 'conc1', name: 'Anaemia', feedback: 'Correct' },
      { id: 'conc2', name: 'Lymphoma', stage: 'stg2', isAlwaysShown: true },
      { id: 'conc3', name: 'Leukaemia', stage: 'stg2' },
    ],
    measures: [
      { id: 'points', name: 'Points', initial: 5, limits: { min: 0, max: 10, kind: 2 } },
      { id: 'measure1', name: 'Stress', initial: 12, limits: { min: 0, max: 10, kind: 3 } },
      { id: 'measure2', name: 'Elapsed', type: 2 },
    ],
    infos: [
      { id: 'info1', name: 'Ward', text: 'Quiet night' },
      { id: 'info2', name: 'Imaging', text: 'Scanner busy', stage: 'stg2' },
      { id: 'info3', name: 'Late', text: 'Consultant arrives', measureConditions: [{ measureId: 'measure2', operator: '>=', value: 60 }] },
    ],
    descriptionImages: [
      { ...image('overview'), availableStages: [] },
      { ...image('ward'), availableStages: ['stg1'] },
      { ...image('scanner'), availableStages: ['stg2'] },
    ],
    ...extra,
  });

const listed = (items: readonly { id: string; availability: string; reason: string | null }[]) =>
  items.map(({ id, availability, reason }) => [id, availability, reason]);

describe('the run view (DESIGN 4)', () => {
  it('makes the last stage to open the current one, but never an antibody panel', () => {
    const c = content({
      stages: [
        { id: 'stg1', name: 'Stage stg1', default: true, description: 'Take a history' },
        { id: 'stg2', name: 'Stage stg2', activators: [{ id: 'act1' }], description: 'Examine' },
        { id: 'stg3', name: 'Stage stg3', activators: [{ id: 'act2' }], isAntibodyPanel: true },
      ],
      actions: [
        { id: 'act1', name: 'Test' },
        { id: 'act2', name: 'Panel' },
      ],
    });
    expect(runView(c, startRun(c, 0), 0).stage).toEqual({ id: 'stg1', name: 'Stage stg1', description: 'Take a history' });
    const state = play(c, [runAction('act1', 1), runAction('act2', 2)]);
    expect(state.unlocked).toEqual(['stg1', 'stg2', 'stg3']);
    expect(runView(c, state, 2).stage).toEqual({ id: 'stg2', name: 'Stage stg2', description: 'Examine' });
    expect(runView(c, state, 2).stages).toEqual([
      { id: 'stg1', name: 'Stage stg1', isAntibodyPanel: false },
      { id: 'stg2', name: 'Stage stg2', isAntibodyPanel: false },
      { id: 'stg3', name: 'Stage stg3', isAntibodyPanel: true },
    ]);
  });

  it('is on the default stage while only the stages open from the start stand beside it, whatever their order', () => {
    const c = content({
      stages: [
        { id: 'stg1', name: 'Assessment', default: true, description: 'Take a history' },
        { id: 'stg2', name: 'Investigations' },
        { id: 'stg3', name: 'Treatment', activators: [{ id: 'act1' }] },
      ],
      actions: [{ id: 'act1', name: 'ECG', stage: 'stg2' }],
    });
    const start = startRun(c, 0);
    expect(start.unlocked).toEqual(['stg1', 'stg2']);
    expect(runView(c, start, 0).stage?.name).toBe('Assessment');
    expect(runView(c, play(c, [runAction('act1', 1)]), 1).stage?.name).toBe('Treatment');
    // Ordered after a stage open from the start, the default stage is still where the run begins.
    const later = content({
      stages: [
        { id: 'stg2', name: 'Investigations' },
        { id: 'stg1', name: 'Assessment', default: true },
      ],
    });
    expect(runView(later, startRun(later, 0), 0).stage?.name).toBe('Assessment');
  });

  it('speaks in the wording of the current stage', () => {
    const c = clinic();
    expect(runView(c, startRun(c, 0), 0).text).toMatchObject({ actions: 'questions', actionChoiceCTA: 'Run questions' });
    expect(runView(c, play(c, [runAction('act1', 1)]), 1).text).toEqual(defaultTextSet);
  });

  it('lists the baseline first, then the actions run in order with their results and when', () => {
    const c = clinic();
    const view = runView(c, play(c, [runAction('act1', 1_000), runAction('act2', 2_000)]), 3_000);
    expect(view.facts).toEqual([
      {
        source: 'baseline',
        id: 'baseline1',
        name: 'Presenting complaint',
        text: 'Tired for weeks',
        images: [image('face')],
        videos: [],
        files: [],
        feedback: null,
        at: null,
      },
      {
        source: 'action',
        id: 'act1',
        name: 'Full blood count',
        text: 'Hb 90',
        images: [],
        videos: [],
        files: [image('fbc')],
        feedback: 'Good start',
        at: 1_000,
      },
      {
        source: 'action',
        id: 'act2',
        name: 'Chest X-ray',
        text: 'Clear',
        images: [],
        videos: [],
        files: [],
        feedback: 'Not needed',
        at: 2_000,
      },
    ]);
  });

  it('lists available and done items, and isAlwaysShown ones that are not available with the reason', () => {
    const c = clinic({ maxConclusions: 2 });
    const start = runView(c, startRun(c, 0), 0);
    expect(listed(start.actions)).toEqual([
      ['act1', 'available', null],
      ['act3', 'unavailable', 'Opens in task Examination'],
      ['act5', 'unavailable', 'Needs Full blood count first'],
    ]);
    expect(listed(start.conclusions)).toEqual([
      ['conc1', 'available', null],
      ['conc2', 'unavailable', 'Opens in task Examination'],
    ]);
    const later = runView(c, play(c, [runAction('act1', 1), confirm(['conc1'], 2)]), 2);
    expect(listed(later.actions)).toEqual([
      ['act1', 'done', null],
      ['act2', 'available', null],
      ['act3', 'available', null],
      ['act4', 'available', null],
      ['act5', 'available', null],
    ]);
    expect(listed(later.conclusions)).toEqual([
      ['conc1', 'done', null],
      ['conc2', 'available', null],
      ['conc3', 'available', null],
    ]);
  });

  it('offers no more conclusions once the run has confirmed its maximum, naming it', () => {
    const c = clinic({ maxConclusions: 1 });
    const view = runView(c, play(c, [runAction('act1', 1), confirm(['conc1'], 2)]), 2);
    expect(listed(view.conclusions)).toEqual([
      ['conc1', 'done', null],
      ['conc2', 'unavailable', 'You can select 1 diagnosis'],
      ['conc3', 'unavailable', 'You can select 1 diagnosis'],
    ]);
  });

  it('offers nothing more once the run has ended', () => {
    const c = clinic();
    const view = runView(c, play(c, [runAction('act1', 1), { type: 'end', at: 2 }]), 2);
    expect(listed(view.actions)).toEqual([['act1', 'done', null]]);
    expect(view.ended).toEqual({ at: 2, reason: 'learner' });
  });

  it('tells of the end by taking out what is no longer offered, not by listing it again', () => {
    const c = clinic();
    const before = runView(c, play(c, [runAction('act1', 1)]), 2);
    const after = runView(c, play(c, [runAction('act1', 1), { type: 'end', at: 2 }]), 2, before);
    const splices = snapshotDelta(before, after)?.splice?.actions ?? [];
    expect(splices.length).toBeGreaterThan(0);
    expect(splices.every(([, removed, ...inserted]) => removed > 0 && inserted.length === 0)).toBe(true);
  });

  describe('shows feedback by mode', () => {
    const events: RunEvent[] = [runAction('act1', 1), runAction('act2', 2), confirm(['conc1'], 3)];
    const feedback = (mode: number, end: boolean) => {
      const c = clinic({ mode });
      const view = runView(c, play(c, end ? [...events, { type: 'end', at: 4 }] : events), 4);
      return [...view.facts.slice(1).map((fact) => fact.feedback), view.conclusions.find((item) => item.id === 'conc1')?.feedback];
    };

    it('Training: at once', () => expect(feedback(2, false)).toEqual(['Good start', 'Not needed', 'Correct']));
    it('Realtime and Offline: instant feedback at once, the rest once ended; conclusions at once', () => {
      for (const mode of [1, 3]) {
        expect(feedback(mode, false)).toEqual([null, 'Not needed', 'Correct']);
        expect(feedback(mode, true)).toEqual(['Good start', 'Not needed', 'Correct']);
      }
    });
    it('Assessed: only once ended', () => {
      expect(feedback(4, false)).toEqual([null, null, null]);
      expect(feedback(4, true)).toEqual(['Good start', 'Not needed', 'Correct']);
    });
  });

  it('shows the infos of open stages whose conditions hold', () => {
    const c = clinic();
    const ids = (state: ReturnType<typeof startRun>, now: number) => runView(c, state, now).infos.map((info) => info.id);
    expect(ids(startRun(c, 0), 0)).toEqual(['info1']);
    expect(ids(play(c, [runAction('act1', 1)]), 60_000)).toEqual(['info1', 'info2', 'info3']);
    expect(runView(c, startRun(c, 0), 0).infos[0]).toEqual({
      id: 'info1',
      name: 'Ward',
      text: 'Quiet night',
      images: [],
      videos: [],
      files: [],
    });
  });

  it('shows an info with its images, videos and files', () => {
    const chart = { id: 'image1', url: '/files/chart.png', description: 'Chart' };
    const clip = { id: 'video1', url: '/files/walk.webm', description: '' };
    const letter = { id: 'file1', url: '/files/letter.pdf', description: 'Referral' };
    const c = clinic({
      infos: [{ id: 'info1', name: 'Ward', text: 'Quiet night', factImages: [chart], factVideos: [clip], factFiles: [letter] }],
    });
    expect(runView(c, startRun(c, 0), 0).infos[0]).toMatchObject({ images: [chart], videos: [clip], files: [letter] });
  });

  it('offers the hint with its cost while its conditions hold, then shows its text once taken', () => {
    const hint = {
      text: 'Think of iron',
      measureConditions: [{ measureId: 'points', operator: '<', value: 6 }],
      impact: [{ measureId: 'points', value: -1 }],
    };
    const c = clinic({ hint });
    expect(runView(c, startRun(c, 0), 0)).toMatchObject({ hint: { cost: [{ measureId: 'points', value: -1 }] }, hintText: null });
    const taken = play(c, [{ type: 'takeHint', at: 1 }]);
    expect(runView(c, taken, 1)).toMatchObject({ hint: null, hintText: 'Think of iron' });
    const expensive = clinic({ hint: { ...hint, measureConditions: [{ measureId: 'points', operator: '>', value: 6 }] } });
    expect(runView(expensive, startRun(expensive, 0), 0).hint).toBeNull();
    expect(runView(clinic({ hint, mode: 4 }), startRun(c, 0), 0).hint).toBeNull();
    expect(runView(c, play(c, [{ type: 'end', at: 1 }]), 1).hint).toBeNull();
  });

  it('shows every measure with its limits, and whether it is at or past them', () => {
    const c = clinic();
    expect(runView(c, startRun(c, 0), 42_000).measures).toEqual([
      { id: 'points', name: 'Points', type: 7, value: 5, min: 0, max: 10, limitKind: 2, atLimit: false, timeUnit: 'seconds' },
      { id: 'measure1', name: 'Stress', type: 7, value: 12, min: 0, max: 10, limitKind: 3, atLimit: true, timeUnit: 'seconds' },
      { id: 'measure2', name: 'Elapsed', type: 2, value: 42, min: null, max: null, limitKind: null, atLimit: false, timeUnit: 'seconds' },
    ]);
  });

  it('gives the currency, the time unit of each measure and, when the scenario shows them, the costs of the actions on offer', () => {
    const costly = (showActionCosts: boolean) =>
      clinic({
        currency: 'EUR',
        settings: { showActionCosts },
        measures: [
          { id: 'measure3', name: 'Budget', type: 1 },
          { id: 'measure4', name: 'Time to diagnosis', type: 4, timeUnit: 'hours' },
        ],
        actions: [
          { id: 'act1', name: 'Full blood count', stage: 'stg1', impact: [{ measureId: 'measure3', value: -40 }] },
          { id: 'act5', name: 'Ferritin', stage: 'stg1', impact: [{ measureId: 'measure4', value: 2 }] },
          { id: 'act6', name: 'History', stage: 'stg1' },
        ],
      });
    const c = costly(true);
    const view = runView(c, play(c, [runAction('act1', 1)]), 1);
    expect(view.currency).toBe('EUR');
    expect(view.measures.map((measure) => measure.timeUnit)).toEqual(['seconds', 'hours']);
    expect(view.actionCosts).toEqual({ act5: [{ measureId: 'measure4', value: 2 }] });
    expect(runView(costly(false), startRun(costly(false), 0), 0).actionCosts).toBeNull();
  });

  it('shows as costs the money and time an action changes, not the points that rank learners unless the author names them', () => {
    const keyed = (revealedMeasures: string[]) =>
      clinic({
        settings: { showActionCosts: true, revealedMeasures },
        measures: [
          { id: 'points', name: 'Points', scoreOrder: 1 },
          { id: 'measure1', name: 'Stress' },
          { id: 'measure3', name: 'Budget', type: 1 },
          { id: 'measure4', name: 'Waited', type: 2 },
          { id: 'measure5', name: 'Left', type: 3 },
        ],
        actions: [
          // the answer key's right test and its harmful one, told apart by their points only
          {
            id: 'act1',
            name: 'ECG',
            stage: 'stg1',
            impact: [
              { measureId: 'points', value: 10 },
              { measureId: 'measure3', value: 50 },
            ],
          },
          {
            id: 'act5',
            name: 'Stress test',
            stage: 'stg1',
            impact: [
              { measureId: 'points', value: -15 },
              { measureId: 'measure1', value: 3 },
            ],
          },
          {
            id: 'act6',
            name: 'History',
            stage: 'stg1',
            impact: [
              { measureId: 'measure4', value: 60 },
              { measureId: 'measure5', value: -30 },
            ],
          },
        ],
      });
    const costs = (revealed: string[]) => runView(keyed(revealed), startRun(keyed(revealed), 0), 0).actionCosts;
    expect(costs([])).toEqual({
      act1: [{ measureId: 'measure3', value: 50 }],
      act6: [
        { measureId: 'measure4', value: 60 },
        { measureId: 'measure5', value: -30 },
      ],
    });
    expect(costs(['points', 'gone'])).toEqual({
      act1: [
        { measureId: 'points', value: 10 },
        { measureId: 'measure3', value: 50 },
      ],
      act5: [{ measureId: 'points', value: -15 }],
      act6: [
        { measureId: 'measure4', value: 60 },
        { measureId: 'measure5', value: -30 },
      ],
    });
  });

  it("shows the overview media of the current stage, then the stage's own", () => {
    const c = clinic();
    const urls = (state: ReturnType<typeof startRun>) => runView(c, state, 1).media.images.map((item) => item.url.split('/').at(-1));
    expect(urls(startRun(c, 0))).toEqual(['overview.png', 'ward.png']);
    expect(urls(play(c, [runAction('act1', 1)]))).toEqual(['overview.png', 'scanner.png', 'abdomen.png']);
    expect(runView(c, startRun(c, 0), 0).media.images[0]).toEqual(image('overview'));
  });

  it('shows a run past an auto-time Terminate limit as ended there', () => {
    const c = content({ measures: [{ id: 'measure1', name: 'Left', type: 3, initial: 30, limits: { min: 0, kind: 1 } }] });
    expect(runView(c, startRun(c, 0), 45_000).ended).toEqual({ at: 30_000, reason: 'terminated', measureId: 'measure1' });
  });
});
