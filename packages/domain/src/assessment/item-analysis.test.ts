import { describe, expect, it } from 'vitest';
import { analyseItems } from './item-analysis';
import { fixtureAnswers, fixtureItems } from './test/item-analysis.fixture';

// The figures of test/item-analysis.hand.md, to six places.
const facility = [0.866667, 0.9, 0.8, 0.666667, 0.566667, 0.533333, 0.466667, 0.533333, 0.333333, 0.333333, 0.166667, 0.566667];
const pointBiserial = [
  0.264735, 0.300856, 0.62656, 0.506337, 0.55399, 0.568697, 0.496262, 0.568697, 0.343216, 0.486664, 0.402431, -0.112589,
];
const upperLower = [0.25, 0.25, 0.75, 0.875, 0.875, 0.875, 0.625, 0.875, 0.625, 0.75, 0.5, 0.125];

describe('analyseItems', () => {
  const analysis = analyseItems(fixtureItems, fixtureAnswers);

  it('gives each item the facility, corrected point-biserial and upper–lower index worked out by hand', () => {
    expect(analysis.learners).toBe(30);
    analysis.items.forEach((item, j) => {
      expect(item.facility.value, `facility of ${item.id}`).toBeCloseTo(facility[j]!, 5);
      expect(item.pointBiserial.value, `point-biserial of ${item.id}`).toBeCloseTo(pointBiserial[j]!, 5);
      expect(item.upperLower.value, `upper–lower of ${item.id}`).toBeCloseTo(upperLower[j]!, 5);
    });
  });

  it('gives KR-20 and the standard error of measurement worked out by hand', () => {
    expect(analysis.kr20.value).toBeCloseTo(0.77285, 5);
    expect(analysis.standardError.value).toBeCloseTo(1.369952, 5);
  });

  it('flags the items that do not work: too hard, and the one answered at random', () => {
    const flagged = Object.fromEntries(analysis.items.filter((item) => item.flags.length > 0).map((item) => [item.id, item.flags]));
    // item2's facility is 0.9 exactly: not above it.
    expect(flagged).toEqual({ item11: ['too hard'], item12: ['does not discriminate'] });
  });

  it('says "not enough data" instead of NaN when everyone is right, everyone wrong, one learner, or no variance', () => {
    const allRight = analyseItems(
      ['a', 'b'],
      [
        [1, 1],
        [1, 1],
        [1, 1],
      ],
    );
    expect(allRight.items[0]!.facility.value).toBe(1);
    expect(allRight.items[0]!.flags).toEqual(['too easy', 'does not discriminate']);
    expect(allRight.items[0]!.pointBiserial).toEqual({
      value: null,
      reason: 'not enough data: every learner got it right, so it cannot discriminate',
    });
    expect(allRight.kr20).toEqual({ value: null, reason: 'not enough data: every learner has the same score' });
    expect(allRight.standardError.value).toBeNull();

    const allWrong = analyseItems(
      ['a', 'b'],
      [
        [0, 0],
        [0, 0],
      ],
    );
    expect(allWrong.items[1]!.pointBiserial.reason).toBe('not enough data: every learner got it wrong, so it cannot discriminate');
    expect(allWrong.items[1]!.flags).toEqual(['too hard', 'does not discriminate']);

    const one = analyseItems(['a', 'b'], [[1, 0]]);
    expect(one.items[0]!.pointBiserial).toEqual({ value: null, reason: 'not enough data: only one learner has answered' });
    expect(one.kr20.reason).toBe('not enough data: only one learner has answered');

    const none = analyseItems(['a'], []);
    expect(none.items[0]!.facility.reason).toBe('not enough data: no learner has answered');
    expect(none.kr20.reason).toBe('not enough data: no learner has answered');

    // Two learners with the same total but different items: the rest score does not vary for either item.
    const flat = analyseItems(
      ['a', 'b'],
      [
        [1, 0],
        [0, 1],
      ],
    );
    expect(flat.items[0]!.pointBiserial.value).toBe(-1);
    expect(flat.kr20.reason).toBe('not enough data: every learner has the same score');

    const single = analyseItems(['a'], [[1], [0]]);
    expect(single.kr20.reason).toBe('not enough data: reliability needs at least two items');
    expect(single.items[0]!.pointBiserial.reason).toBe('not enough data: the rest of the score is the same for every learner');

    for (const result of [allRight, allWrong, one, none, flat, single])
      for (const value of [
        result.kr20.value,
        result.standardError.value,
        ...result.items.flatMap((i) => [i.facility.value, i.pointBiserial.value, i.upperLower.value]),
      ])
        expect(Number.isNaN(value)).toBe(false);
  });
});
