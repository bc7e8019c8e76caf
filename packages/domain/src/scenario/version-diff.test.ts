import { describe, expect, it } from 'vitest';
import { content, deepFreeze } from './test/fixtures';
import { diffVersions } from './version-diff';

const words = (diff: ReturnType<typeof diffVersions>) =>
  diff.changes.map((change) => [change.words, ...change.fields.map((field) => field.words)]);

describe('the changes between two versions in words', () => {
  const before = deepFreeze(
    content({
      resimName: 'Anaemia',
      measures: [
        { id: 'measure1', name: 'Cost', type: 1, initial: 0 },
        { id: 'measure2', name: 'Time', type: 4, initial: 0, limits: { min: 0, max: 60, kind: 1 } },
      ],
      stages: [
        { id: 'stg1', name: 'Triage', default: true },
        { id: 'stg2', name: 'Ward' },
      ],
      actions: [
        { id: 'act1', name: 'CBC', stage: 'stg1', impact: [{ measureId: 'measure1', value: 10 }] },
        { id: 'act2', name: 'ECG', feedback: 'Sinus rhythm' },
        { id: 'act3', name: 'Ferritin' },
      ],
      conclusions: [{ id: 'conc1', name: 'Iron deficiency', requiredActions: { all: ['act1'], any: [], none: [] } }],
      infos: [{ id: 'info1', name: 'History', text: 'Tired for three weeks' }],
    }),
  );

  it('names each field that changed with what it was and what it is', () => {
    const after = content({
      ...before,
      actions: [
        { ...before.actions[0]!, name: 'Full blood count', stage: 'stg2', impact: [{ measureId: 'measure1', value: 12 }] },
        { ...before.actions[1]!, feedback: 'Atrial fibrillation', isAlwaysShown: true },
        before.actions[2]!,
      ],
    });
    expect(words(diffVersions(before, after))).toEqual([
      [
        'Changed action “Full blood count”',
        'Name: “CBC” → “Full blood count”',
        'Stage: “Triage” → “Ward”',
        'Impact: “Cost” +10 → “Cost” +12',
      ],
      ['Changed action “ECG”', 'Feedback: “Sinus rhythm” → “Atrial fibrillation”', 'Always shown: no → yes'],
    ]);
  });

  it('says which requirements, answer-key entries and media came and went, by the names of the items', () => {
    const after = content({
      ...before,
      actions: [
        { ...before.actions[0]!, name: 'Full blood count' },
        before.actions[1]!,
        { ...before.actions[2]!, factImages: [{ id: 'img1', url: '/files/smear.png' }] },
      ],
      conclusions: [{ ...before.conclusions[0]!, requiredActions: { all: ['act1', 'act3'], any: [], none: ['act2'] } }],
      answers: { actions: ['act1'], unnecessaryActions: [], harmfulActions: ['act2'], conclusions: ['conc1'] },
    });
    const diff = diffVersions(before, after);
    expect(words(diff).slice(1)).toEqual([
      ['Changed action “Ferritin”', 'Images: + “/files/smear.png”'],
      ['Changed conclusion “Iron deficiency”', 'Requires all of: + “Ferritin”', 'Requires none of: + “ECG”'],
      [
        'Answer key changed',
        'Required actions: + “Full blood count”',
        'Harmful actions: + “ECG”',
        'Right conclusions: + “Iron deficiency”',
      ],
    ]);
    expect(diff.changes.find((change) => change.section === 'answers')!.fields[0]).toEqual({
      label: 'Required actions',
      before: '',
      after: '“Full blood count”',
      words: 'Required actions: + “Full blood count”',
    });
  });

  it('lists what an added or removed item holds beyond a blank one, and the details that changed', () => {
    const after = content({
      ...before,
      resimName: 'Anaemia in pregnancy',
      mode: 4,
      measures: [before.measures[0]!, { ...before.measures[1]!, limits: { min: 0, max: 90, kind: 2 } }],
      actions: [before.actions[0]!, before.actions[2]!, { id: 'act4', name: 'Troponin', stage: 'stg2' }],
      infos: [],
    });
    expect(words(diffVersions(before, after))).toEqual([
      ['Added action “Troponin”', 'Name: “Troponin”', 'Stage: “Ward”'],
      ['Removed action “ECG”', 'Name: “ECG”', 'Feedback: “Sinus rhythm”'],
      ['Changed measure “Time”', 'Limits: min 0, max 60 (Terminate) → min 0, max 90 (Limited)'],
      ['Removed info “History”', 'Name: “History”', 'Text: “Tired for three weeks”'],
      ['Details changed', 'Name: “Anaemia” → “Anaemia in pregnancy”', 'Mode: Training → Assessed'],
    ]);
  });

  it('sees a change of the hint beyond its text', () => {
    const hinted = content({ ...before, hint: { text: 'Look at the film', impact: [{ measureId: 'measure1', value: -5 }] } });
    const costlier = content({ ...before, hint: { text: 'Look at the film', impact: [{ measureId: 'measure1', value: -10 }] } });
    expect(words(diffVersions(hinted, costlier))).toEqual([['Details changed', 'Hint impact: “Cost” -5 → “Cost” -10']]);
    expect(words(diffVersions(before, hinted))).toEqual([
      ['Details changed', 'Hint: none → “Look at the film”', 'Hint impact: + “Cost” -5'],
    ]);
  });

  it('tells a reorder from a change and finds nothing between equal versions', () => {
    const after = content({ ...before, actions: [before.actions[2]!, before.actions[0]!, before.actions[1]!] });
    expect(diffVersions(before, after)).toEqual({ changes: [], reordered: ['actions'] });
    expect(diffVersions(before, content({ ...before }))).toEqual({ changes: [], reordered: [] });
  });

  it('shortens long texts in its words and keeps them whole side by side', () => {
    const long = 'The patient reports fatigue, breathlessness on exertion and palpitations for three weeks.';
    const change = diffVersions(before, content({ ...before, infos: [{ ...before.infos[0]!, text: long }] })).changes[0]!;
    expect(change.fields[0]).toEqual({
      label: 'Text',
      before: 'Tired for three weeks',
      after: long,
      words: 'Text: “Tired for three weeks” → “The patient reports fatigue, breathlessness on exertion and…”',
    });
  });
});
