import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { answerKeyItems, keyAnswers } from './answer-key-items';
import { analyseItems } from './item-analysis';

const scenario = content({
  actions: [
    { id: 'a1', name: 'Full blood count' },
    { id: 'a2', name: 'Ferritin' },
    { id: 'a3', name: 'CT abdomen' },
    { id: 'a4', name: 'Bone marrow biopsy' },
  ],
  conclusions: [
    { id: 'c1', name: 'Iron deficiency' },
    { id: 'c2', name: 'B12 deficiency' },
  ],
  answers: { actions: ['a1', 'a2'], unnecessaryActions: ['a3'], harmfulActions: ['a4'], conclusions: ['c1'] },
});

describe('answer key items', () => {
  it('are the required, unnecessary and harmful tests and the key’s diagnoses, in the scenario’s order', () => {
    expect(answerKeyItems(scenario).map((item) => [item.name, item.kind])).toEqual([
      ['Full blood count', 'required test'],
      ['Ferritin', 'required test'],
      ['CT abdomen', 'unnecessary test'],
      ['Bone marrow biopsy', 'harmful test'],
      ['Iron deficiency', 'diagnosis'],
    ]);
  });

  it('score a run right on a required test run, a needless or harmful test left alone, and the key’s diagnosis confirmed', () => {
    const items = answerKeyItems(scenario);
    expect(keyAnswers(items, { ran: ['a1', 'a4'], confirmed: ['c2'] })).toEqual([1, 0, 1, 0, 0]);
    expect(keyAnswers(items, { ran: ['a1', 'a2'], confirmed: ['c1'] })).toEqual([1, 1, 1, 1, 1]);
    const analysis = analyseItems(
      items.map((item) => item.id),
      [
        { ran: ['a1', 'a4'], confirmed: ['c2'] },
        { ran: ['a1', 'a2'], confirmed: ['c1'] },
        { ran: ['a1', 'a2', 'a3'], confirmed: ['c1'] },
      ].map((run) => keyAnswers(items, run)),
    );
    expect(analysis.items.map((item) => item.facility.value)).toEqual([1, 2 / 3, 2 / 3, 2 / 3, 2 / 3]);
  });
});
