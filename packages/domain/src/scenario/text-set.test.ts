import { describe, expect, it } from 'vitest';
import { textFields } from './vocabulary';
import { byCount, defaultTextSet, formatText, maxConclusionsText, pluralLabel, resolveTextSet, textSetUnderneath } from './text-set';

describe('simulation text set (SPEC 3)', () => {
  it('has a default for every field', () => {
    expect(Object.keys(defaultTextSet).sort()).toEqual([...textFields].sort());
    for (const field of textFields) expect(defaultTextSet[field].trim()).not.toBe('');
  });

  it('holds the wording of the specification', () => {
    expect(defaultTextSet).toMatchObject({
      facts: 'Test Results',
      actions: 'tests',
      conclusion: 'Diagnosis',
      stage: 'Task',
      actionChoiceCTA: 'Run tests',
      conclusionChoiceCTA: 'Confirm Diagnosis',
      conclusionCTA: 'Diagnose',
      hintCTA: 'Show hint',
      simulationEndCTA: 'End simulation',
      simulationWaitText: 'If you are done, just wait here!',
      maxConclusionsMessage: 'You can select {max} diagnoses',
      allActionsUsedMessage: 'You have used all tests',
      actionsNotAvailableMessage: 'No tests are available',
      cannotRunActionsMessage: 'You cannot run any more tests because...',
      noActionsFound: 'No tests found',
      noConclusionsFound: 'No diagnoses found',
    });
  });

  it('words every default message in the nouns in force, the scenario’s then the stage’s', () => {
    const scenario = {
      uiText: { actions: 'investigations', conclusion: 'Fault', noActionsFound: 'Nothing here' },
      stages: [{ id: 'stg1', uiText: { actions: 'checks' } }],
    };
    expect(resolveTextSet(scenario)).toMatchObject({
      actionChoiceCTA: 'Run investigations',
      addActions: 'Add investigations',
      searchActions: 'Search investigations',
      allActionsUsedMessage: 'You have used all investigations',
      maxConclusionsMessage: 'You can select {max} faults',
      noConclusionsFound: 'No faults found',
      conclusionChoiceCTA: 'Confirm Fault',
      conclusionChange: 'Change fault',
      // written out by the author: kept as written
      noActionsFound: 'Nothing here',
    });
    expect(resolveTextSet(scenario, 'stg1')).toMatchObject({
      actions: 'checks',
      actionChoiceCTA: 'Run checks',
      noActionsFound: 'Nothing here',
    });
  });

  it('shows authors the wording underneath each field of a level', () => {
    const scenario = {
      uiText: { actions: 'investigations', hintCTA: 'Need help?' },
      stages: [{ id: 'stg1', uiText: { actions: 'checks', hintCTA: 'Ask' } }],
    };
    // At the scenario level, a field left empty reads as the default in the scenario's nouns.
    expect(textSetUnderneath(scenario)).toMatchObject({ actions: 'tests', hintCTA: 'Show hint', actionChoiceCTA: 'Run investigations' });
    // In the stage, it reads as the scenario's wording in the stage's nouns.
    expect(textSetUnderneath(scenario, 'stg1')).toMatchObject({
      actions: 'investigations',
      hintCTA: 'Need help?',
      actionChoiceCTA: 'Run checks',
    });
    expect(textSetUnderneath({})).toEqual(defaultTextSet);
  });

  it('gives the defaults to a scenario without uiText', () => {
    expect(resolveTextSet({})).toEqual(defaultTextSet);
    expect(resolveTextSet({ uiText: null, stages: [] }, 'stg1')).toEqual(defaultTextSet);
  });

  it('overrides the defaults by the scenario, then by the stage found by id', () => {
    const scenario = {
      uiText: { actions: 'questions', stage: 'Step', facts: 'Answers' },
      stages: [
        { id: 'stg1', uiText: { actions: 'scans' } },
        { id: 'stg2', uiText: { stage: 'Phase', hintCTA: 'Help' } },
      ],
    };
    expect(resolveTextSet(scenario)).toMatchObject({ actions: 'questions', stage: 'Step', facts: 'Answers', hintCTA: 'Show hint' });
    expect(resolveTextSet(scenario, 'stg1')).toMatchObject({ actions: 'scans', stage: 'Step', facts: 'Answers' });
    expect(resolveTextSet(scenario, 'stg2')).toMatchObject({ actions: 'questions', stage: 'Phase', hintCTA: 'Help' });
    expect(resolveTextSet(scenario, 'stg9')).toEqual(resolveTextSet(scenario));
  });

  it('does not let empty or blank wording override', () => {
    const scenario = { uiText: { actions: '', stage: 'Step' }, stages: [{ id: 'stg1', uiText: { stage: '  ', facts: '' } }] };
    expect(resolveTextSet(scenario, 'stg1')).toMatchObject({ actions: 'tests', stage: 'Step', facts: 'Test Results' });
  });

  it('returns a new object and leaves the defaults alone', () => {
    const resolved = resolveTextSet({ uiText: { actions: 'x' } });
    expect(resolved).not.toBe(defaultTextSet);
    expect(defaultTextSet.actions).toBe('tests');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(formatText(defaultTextSet.maxConclusionsMessage, { max: 3 })).toBe('You can select 3 diagnoses');
    expect(formatText('{a} and {b} and {a}', { a: 'x' })).toBe('x and {b} and x');
    expect(formatText('{toString}', {})).toBe('{toString}');
    expect(formatText('no placeholder', { max: 1 })).toBe('no placeholder');
  });

  it('says the maximum of conclusions by the plural rules, and as the author wrote it when they did', () => {
    expect(maxConclusionsText(defaultTextSet, 1)).toBe('You can select 1 diagnosis');
    expect(maxConclusionsText(defaultTextSet, 2)).toBe('You can select 2 diagnoses');
    expect(maxConclusionsText(resolveTextSet({ uiText: { conclusion: 'Fault' } }), 1)).toBe('You can select 1 fault');
    expect(maxConclusionsText(resolveTextSet({ uiText: { maxConclusionsMessage: 'Up to {max} answers' } }), 1)).toBe('Up to 1 answers');
    expect(byCount(0, 'run', 'runs')).toBe('runs');
    expect(byCount(1, 'run', 'runs')).toBe('run');
  });

  it('makes the plural of a singular label as it reads in a sentence', () => {
    expect(pluralLabel('Diagnosis')).toBe('diagnoses');
    expect(pluralLabel('Analysis')).toBe('analyses');
    expect(pluralLabel('Finding')).toBe('findings');
    expect(pluralLabel('Treatment plan')).toBe('treatment plans');
    expect(pluralLabel('ECG finding')).toBe('ECG findings');
    expect(pluralLabel('Box')).toBe('boxes');
    expect(pluralLabel('Match')).toBe('matches');
    expect(pluralLabel('Strategy')).toBe('strategies');
    expect(pluralLabel('Day')).toBe('days');
    expect(pluralLabel(' Answer ')).toBe('answers');
    expect(pluralLabel('Step 2')).toBe('step 2');
  });
});
