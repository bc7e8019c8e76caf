import { describe, expect, it } from 'vitest';
import { deleteStage, stageDeletionProblems } from './stage-deletion';
import { content, deepFreeze } from './test/fixtures';

const stages = [
  { id: 'stg1', name: 'History', default: true },
  { id: 'stg2', name: 'Blood tests' },
  { id: 'stg3', name: 'Imaging' },
];

describe('stage deletion (SPEC 5)', () => {
  it('allows deleting a stage nothing refers to', () => {
    const scenario = content({ stages });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual([]);
    const result = deleteStage(scenario, 'stg2');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.content.stages.map((stage) => stage.id)).toEqual(['stg1', 'stg3']);
  });

  it('is blocked by overview media available in the stage, named by kind and description', () => {
    const scenario = content({
      stages,
      descriptionImages: [
        { id: 'm1', url: '/files/x-ray.png', description: 'Chest X-ray', availableStages: ['stg2'] },
        { id: 'm2', url: '/files/other.png', description: 'Other', availableStages: ['stg1'] },
      ],
      descriptionVideos: [{ id: 'm3', url: '/files/echo.mp4', description: 'Echo', availableStages: ['stg1', 'stg2'] }],
      descriptionFiles: [{ id: 'm4', url: '/files/guideline.pdf?v=2', description: '', availableStages: ['stg2'] }],
    });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual([
      'Overview Image Chest X-ray references this Task. Cannot delete.',
      'Overview Video Echo references this Task. Cannot delete.',
      'Overview File guideline.pdf references this Task. Cannot delete.',
    ]);
  });

  it('does not count overview media available in every stage (an empty list)', () => {
    const scenario = content({ stages, descriptionImages: [{ id: 'm1', url: '/a.png', description: 'All', availableStages: [] }] });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual([]);
  });

  it('is blocked while the stage still contains actions or conclusions', () => {
    const scenario = content({
      stages,
      actions: [
        { id: 'act1', name: 'Full blood count', stage: 'stg2' },
        { id: 'act2', name: 'Urea', stage: 'stg2' },
      ],
      conclusions: [{ id: 'conc1', name: 'Anaemia', stage: 'stg2' }],
    });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual([
      'Cannot delete Blood tests as it still contains tests',
      'Cannot delete Blood tests as it still contains diagnoses',
    ]);
  });

  it('uses the text set of the scenario and of the stage in its messages', () => {
    const scenario = content({
      uiText: { stage: 'Step', conclusion: 'Finding' },
      stages: [...stages.slice(0, 1), { ...stages[1], uiText: { actions: 'investigations' } }, ...stages.slice(2)],
      actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg2' }],
      conclusions: [{ id: 'conc1', name: 'Anaemia', stage: 'stg2' }],
      descriptionImages: [{ id: 'm1', url: '/a.png', description: 'Film', availableStages: ['stg2'] }],
    });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual([
      'Overview Image Film references this Step. Cannot delete.',
      'Cannot delete Blood tests as it still contains investigations',
      'Cannot delete Blood tests as it still contains findings',
    ]);
  });

  it('is blocked by an action activator referring to it', () => {
    const scenario = content({
      stages,
      actions: [
        { id: 'act1', name: 'Take history', stage: 'stg1', activators: [{ id: 'stg2', name: 'Blood tests' }] },
        { id: 'act2', name: 'Examine', stage: 'stg1', activators: [{ id: 'stg3', name: 'Imaging' }] },
      ],
    });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual(['Take history references Blood tests in an activator. Cannot delete.']);
  });

  it('names an action once however many of its activators refer to the stage', () => {
    const scenario = content({
      stages,
      actions: [{ id: 'act1', name: 'Take history', stage: 'stg1', activators: [{ id: 'stg2' }, { id: 'stg3', stage: 'stg2' }] }],
    });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual(['Take history references Blood tests in an activator. Cannot delete.']);
  });

  it('is blocked by other stages requiring it in any, all or none, or activated by it', () => {
    const scenario = content({
      stages: [
        ...stages,
        { id: 'stg4', name: 'Ward', requiredStages: { any: ['stg2'] } },
        { id: 'stg5', name: 'Theatre', requiredStages: { all: ['stg1', 'stg2'], none: ['stg2'] } },
        { id: 'stg6', name: 'Discharge', activators: [{ id: 'stg2', name: 'Blood tests' }] },
        { id: 'stg7', name: 'Clinic', requiredStages: { any: ['stg3'] }, activators: [{ id: 'act1' }] },
      ],
      actions: [{ id: 'act1', name: 'Examine', stage: 'stg1' }],
    });
    expect(stageDeletionProblems(scenario, 'stg2')).toEqual([
      'Ward references Blood tests in any required. Cannot delete.',
      'Theatre references Blood tests in all required. Cannot delete.',
      'Theatre references Blood tests in none required. Cannot delete.',
      'Discharge references Blood tests in an activator. Cannot delete.',
    ]);
  });

  it('names an item without a name by its id', () => {
    const scenario = content({
      stages: [
        { id: 'stg1', name: '' },
        { id: 'stg2', name: ' ', requiredStages: { any: ['stg1'] } },
      ],
      actions: [{ id: 'act1', name: '', stage: 'stg1', activators: [{ id: 'stg1' }] }],
    });
    expect(stageDeletionProblems(scenario, 'stg1')).toEqual([
      'Cannot delete stg1 as it still contains tests',
      'act1 references stg1 in an activator. Cannot delete.',
      'stg2 references stg1 in any required. Cannot delete.',
    ]);
  });

  it('ignores the stage referring to itself', () => {
    const scenario = content({ stages: [{ id: 'stg1', name: 'Loop', requiredStages: { none: ['stg1'] }, activators: [{ id: 'stg1' }] }] });
    expect(stageDeletionProblems(scenario, 'stg1')).toEqual([]);
  });

  it('refuses the deletion with every problem and leaves the content alone', () => {
    const scenario = deepFreeze(content({ stages, actions: [{ id: 'act1', name: 'Urea', stage: 'stg2', activators: [{ id: 'stg2' }] }] }));
    expect(deleteStage(scenario, 'stg2')).toEqual({
      ok: false,
      problems: ['Cannot delete Blood tests as it still contains tests', 'Urea references Blood tests in an activator. Cannot delete.'],
    });
  });

  it('lets go of infos and the initial item that pointed at the deleted stage', () => {
    const scenario = deepFreeze(
      content({
        stages,
        infos: [
          { id: 'info1', name: 'Note', stage: 'stg2' },
          { id: 'info2', name: 'Other', stage: 'stg3' },
        ],
        initial: { type: 'stage', id: 'stg2' },
      }),
    );
    const result = deleteStage(scenario, 'stg2');
    expect(result.ok && result.content.infos.map((info) => info.stage)).toEqual([null, 'stg3']);
    expect(result.ok && result.content.initial).toBeNull();
    expect(scenario.infos[0]?.stage).toBe('stg2');
    expect(deleteStage(content({ stages, initial: { type: 'page', id: 'stg2' } }), 'stg2')).toMatchObject({
      ok: true,
      content: { initial: { type: 'page', id: 'stg2' } },
    });
  });

  it('passes the default on to the first remaining stage that is not an antibody panel', () => {
    const scenario = deepFreeze(
      content({
        stages: [
          { id: 'stg1', name: 'History', default: true },
          { id: 'stg2', name: 'Antibodies', isAntibodyPanel: true },
          { id: 'stg3', name: 'Imaging' },
        ],
      }),
    );
    const result = deleteStage(scenario, 'stg1');
    expect(result.ok && result.content.stages.map((stage) => [stage.id, stage.default])).toEqual([
      ['stg2', false],
      ['stg3', true],
    ]);
    const other = deleteStage(scenario, 'stg3');
    expect(other.ok && other.content.stages.map((stage) => stage.default)).toEqual([true, false]);
  });

  it('does not choose a default when a stage other than the default is deleted', () => {
    const scenario = content({ stages: stages.map((stage) => ({ ...stage, default: false })) });
    const result = deleteStage(scenario, 'stg2');
    expect(result.ok && result.content.stages.map((stage) => stage.default)).toEqual([false, false]);
  });

  it('keeps the fields of a stored scenario and treats an unknown stage as already gone', () => {
    const stored = { ...content({ stages }), id: 'r1', revision: 4 };
    const result = deleteStage(stored, 'stg3');
    expect(result.ok && [result.content.id, result.content.revision]).toEqual(['r1', 4]);
    expect(stageDeletionProblems(stored, 'stg9')).toEqual([]);
    expect(deleteStage(stored, 'stg9')).toEqual({ ok: true, content: stored });
  });
});
