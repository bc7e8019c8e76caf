import { describe, expect, it } from 'vitest';
import { stage } from './schema';
import { addStage, defaultStage, moveStage, setDefaultStage } from './stages';
import { content, deepFreeze } from './test/fixtures';

const newStage = (id: string, fields: object = {}) => stage.parse({ id, name: id, ...fields });
const defaults = (scenario: { stages: readonly { id: string; default: boolean }[] }) =>
  scenario.stages.map((item) => [item.id, item.default]);

describe('default stage (SPEC 5)', () => {
  it('makes the first stage added the default, and later ones not', () => {
    let scenario = content();
    scenario = addStage(scenario, newStage('stg1'));
    scenario = addStage(scenario, newStage('stg2'));
    expect(defaults(scenario)).toEqual([
      ['stg1', true],
      ['stg2', false],
    ]);
  });

  it('never makes an antibody panel the default, so the first non-antibody stage becomes it', () => {
    let scenario = content();
    scenario = addStage(scenario, newStage('stg1', { isAntibodyPanel: true, default: true }));
    scenario = addStage(scenario, newStage('stg2'));
    scenario = addStage(scenario, newStage('stg3'));
    expect(defaults(scenario)).toEqual([
      ['stg1', false],
      ['stg2', true],
      ['stg3', false],
    ]);
  });

  it('does not let an added stage marked default take the place of the existing default', () => {
    const scenario = addStage(content({ stages: [{ id: 'stg1', name: 'A', default: true }] }), newStage('stg2', { default: true }));
    expect(defaults(scenario)).toEqual([
      ['stg1', true],
      ['stg2', false],
    ]);
  });

  it('gives the default when only an antibody panel is marked default', () => {
    const scenario = addStage(content({ stages: [{ id: 'stg1', name: 'A', default: true, isAntibodyPanel: true }] }), newStage('stg2'));
    expect(defaults(scenario)).toEqual([
      ['stg1', true],
      ['stg2', true],
    ]);
    expect(defaultStage(scenario.stages)?.id).toBe('stg2');
  });

  it('adds without changing the input and keeps the fields of a stored scenario', () => {
    const stored = deepFreeze({ ...content(), id: 'r1' });
    const added = newStage('stg1');
    const after = addStage(stored, added);
    expect(stored.stages).toEqual([]);
    expect(added.default).toBe(false);
    expect(after.id).toBe('r1');
  });

  it('moves the default to the stage named', () => {
    const scenario = deepFreeze(
      content({
        stages: [
          { id: 'stg1', name: 'A', default: true },
          { id: 'stg2', name: 'B' },
        ],
      }),
    );
    const after = setDefaultStage(scenario, 'stg2');
    expect(defaults(after)).toEqual([
      ['stg1', false],
      ['stg2', true],
    ]);
    expect(defaultStage(after.stages)?.id).toBe('stg2');
  });

  it('leaves the content unchanged for an antibody panel or an unknown stage', () => {
    const scenario = content({
      stages: [
        { id: 'stg1', name: 'A', default: true },
        { id: 'stg2', name: 'Antibodies', isAntibodyPanel: true },
      ],
    });
    expect(setDefaultStage(scenario, 'stg2')).toBe(scenario);
    expect(setDefaultStage(scenario, 'stg9')).toBe(scenario);
  });

  it('finds no default stage in a scenario without one', () => {
    expect(defaultStage(content({ stages: [{ id: 'stg1', name: 'A' }] }).stages)).toBeUndefined();
  });
});

describe('stage order', () => {
  const three = () => deepFreeze(content({ stages: ['stg1', 'stg2', 'stg3'].map((id) => newStage(id)) }));
  const ids = (scenario: { stages: readonly { id: string }[] }) => scenario.stages.map((item) => item.id);

  it('moves a stage to the place given, the others keeping their order', () => {
    expect(ids(moveStage(three(), 'stg3', 0))).toEqual(['stg3', 'stg1', 'stg2']);
    expect(ids(moveStage(three(), 'stg1', 1))).toEqual(['stg2', 'stg1', 'stg3']);
    expect(ids(moveStage(three(), 'stg1', 2))).toEqual(['stg2', 'stg3', 'stg1']);
  });

  it('keeps the place within the list, and leaves the content as it is for no move or an unknown stage', () => {
    const scenario = three();
    expect(ids(moveStage(scenario, 'stg2', 99))).toEqual(['stg1', 'stg3', 'stg2']);
    expect(ids(moveStage(scenario, 'stg2', -1))).toEqual(['stg2', 'stg1', 'stg3']);
    expect(moveStage(scenario, 'stg2', 1)).toBe(scenario);
    expect(moveStage(scenario, 'nope', 0)).toBe(scenario);
  });
});
