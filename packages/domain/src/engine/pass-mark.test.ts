import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { content } from '../scenario/test/fixtures';
import { passMark, scenarioContent, scenarioDetailsPatch } from '../scenario/schema';
import { checkScenario } from '../checker/check-scenario';
import { diffVersions } from '../scenario/version-diff';
import { describeThreshold, mostPointsOf, passMarking, runVerdict, type MostPoints } from './pass-mark';

const clinic = (mark: unknown) =>
  content({
    actions: [
      { id: 'act1', name: 'Ferritin' },
      { id: 'act2', name: 'Full blood count' },
      { id: 'act3', name: 'CT head' },
      { id: 'act4', name: '' },
    ],
    measures: [{ id: 'points', name: 'Points' }],
    answers: { actions: ['act1', 'act2'], harmfulActions: ['act3'] },
    passMark: mark,
  });

const exactly = (value: number): MostPoints => ({ value, kind: 'exact' });
const ended = (points: number | null, ran: string[] = []) => ({ ended: true, points, ran });

describe('the pass mark in the content', () => {
  it('reads as none in a scenario saved before it', () => {
    expect(scenarioContent.parse({ resimName: 'Old' }).passMark).toEqual({ threshold: { kind: 'none' }, mustDo: false, creditHours: null });
    expect(passMarking(content(), null)).toBeNull();
  });

  it('refuses a share outside 0–100, points that are not a number and an unknown kind, saying why', () => {
    const message = (value: unknown) => passMark.safeParse(value).error?.issues[0]?.message;
    expect(message({ threshold: { kind: 'share', percent: 120 } })).toBe('must be a percentage from 0 to 100');
    expect(message({ threshold: { kind: 'share', percent: -1 } })).toBe('must be a percentage from 0 to 100');
    expect(message({ threshold: { kind: 'points', points: 'thirty' } })).toBe('must be a number of points');
    expect(message({ threshold: { kind: 'grade' } })).toBe('kind must be none, points or share');
    expect(message({ mustDo: 'yes' })).toBe('must be true or false');
    expect(message({ creditHours: 2000 })).toBe('must be from 0 to 1000 hours');
  });

  it('is edited through the details, a field left out left alone', () => {
    expect(scenarioDetailsPatch.parse({ passMark: { threshold: { kind: 'points', points: 30 } } })).toEqual({
      passMark: { threshold: { kind: 'points', points: 30 }, mustDo: false, creditHours: null },
    });
    expect(scenarioDetailsPatch.parse({})).toEqual({});
  });
});

describe('the verdict on a run', () => {
  it('passes a run that reaches the points needed, and fails one short of them', () => {
    const marking = passMarking(clinic({ threshold: { kind: 'points', points: 30 } }), null);
    expect(runVerdict(marking, ended(32))).toEqual({ passed: true, reasons: ['32 points scored (30 needed)'] });
    expect(runVerdict(marking, ended(30))?.passed).toBe(true);
    expect(runVerdict(marking, ended(29.5))).toEqual({ passed: false, reasons: ['29.5 points scored (30 needed)'] });
    expect(runVerdict(marking, ended(null))).toEqual({ passed: false, reasons: ['No points scored (30 needed)'] });
  });

  it('judges a share against the most points the version can reach', () => {
    const marking = passMarking(clinic({ threshold: { kind: 'share', percent: 70 } }), exactly(40));
    expect(runVerdict(marking, ended(25))).toEqual({
      passed: false,
      reasons: ['70 % of the most reachable 40 points needed (28); scored 25 (63 %)'],
    });
    expect(runVerdict(marking, ended(28))?.passed).toBe(true);
  });

  it('says when the most reachable is the checker’s bound, and fails a share a version without points cannot give', () => {
    const share = clinic({ threshold: { kind: 'share', percent: 50 } });
    expect(runVerdict(passMarking(share, { value: 60, kind: 'atMost' }), ended(30))).toEqual({
      passed: true,
      reasons: ['50 % of the most reachable, at most 60 points needed (30); scored 30 (50 %)'],
    });
    expect(runVerdict(passMarking(share, null), ended(30))).toEqual({
      passed: false,
      reasons: ['50 % of the most reachable points needed, but this version keeps no points'],
    });
  });

  it('fails a run that missed a required test or ran a harmful one, whatever its points', () => {
    const marking = passMarking(clinic({ threshold: { kind: 'points', points: 10 }, mustDo: true }), null);
    expect(runVerdict(marking, ended(50, ['act2', 'act3']))).toEqual({
      passed: false,
      reasons: ['50 points scored (10 needed)', 'Required test “Ferritin” was not run', 'Harmful test “CT head” was run'],
    });
    expect(runVerdict(marking, ended(50, ['act1', 'act2']))).toEqual({
      passed: true,
      reasons: ['50 points scored (10 needed)', 'Every required test was run and no harmful one'],
    });
  });

  it('judges the musts alone when no points are asked, an action without a name by its id', () => {
    const c = clinic({ mustDo: true });
    const marking = passMarking({ ...c, answers: { ...c.answers, actions: ['act4'] } }, null);
    expect(runVerdict(marking, ended(null))).toEqual({ passed: false, reasons: ['Required test “act4” was not run'] });
    expect(runVerdict(marking, ended(null, ['act4']))?.passed).toBe(true);
  });

  it('gives none while the run goes on, or when there is no pass mark', () => {
    const marking = passMarking(clinic({ threshold: { kind: 'points', points: 30 } }), null);
    expect(runVerdict(marking, { ended: false, points: 40, ran: [] })).toBeNull();
    expect(runVerdict(null, ended(40))).toBeNull();
  });

  it('passes exactly the runs whose points reach the share, musts off (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: -100, max: 1_000 }),
        (percent, most, points) => {
          const verdict = runVerdict(passMarking(clinic({ threshold: { kind: 'share', percent } }), exactly(most)), ended(points));
          expect(verdict?.passed).toBe(points * 100 >= percent * most);
          expect(verdict?.reasons).toHaveLength(1);
        },
      ),
    );
  });

  it('never passes a run that missed a required test or ran a harmful one (property)', () => {
    fc.assert(
      fc.property(fc.subarray(['act1', 'act2', 'act3', 'act4']), fc.integer({ min: 0, max: 100 }), (ran, points) => {
        const verdict = runVerdict(
          passMarking(clinic({ threshold: { kind: 'points', points: 0 }, mustDo: true }), null),
          ended(points, ran),
        );
        const mustsMet = ran.includes('act1') && ran.includes('act2') && !ran.includes('act3');
        expect(verdict?.passed).toBe(mustsMet);
      }),
    );
  });
});

describe('the most points and the threshold in words', () => {
  it('reads the checker’s figure as exact, a bound, or a run found', () => {
    const found = { value: 20, steps: [] };
    expect(mostPointsOf({ found, exact: true, bound: 20 })).toEqual({ value: 20, kind: 'exact' });
    expect(mostPointsOf({ found, exact: false, bound: 35 })).toEqual({ value: 35, kind: 'atMost' });
    expect(mostPointsOf({ found, exact: false, bound: null })).toEqual({ value: 20, kind: 'atLeast' });
  });

  it('names each kind of threshold', () => {
    expect(describeThreshold({ kind: 'none' })).toBe('none');
    expect(describeThreshold({ kind: 'points', points: 1 })).toBe('1 point');
    expect(describeThreshold({ kind: 'share', percent: 62.5 })).toBe('62.5 % of the most reachable points');
  });
});

describe('the pass mark in the checker', () => {
  it('warns of a pass mark counting points in a scenario that keeps none, and only then', () => {
    const codes = (c: ReturnType<typeof content>) => checkScenario(c).warnings.map((warning) => warning.code);
    const noPoints = { ...clinic({ threshold: { kind: 'points', points: 10 } }), measures: [] };
    expect(checkScenario(noPoints).warnings).toContainEqual({
      code: 'pass-mark-without-points',
      message: 'The pass mark counts points, but the scenario keeps no points measure: no run can pass it.',
      target: { part: 'measures', id: null },
    });
    expect(codes(clinic({ threshold: { kind: 'points', points: 10 } }))).not.toContain('pass-mark-without-points');
    expect(codes({ ...clinic({ mustDo: true }), measures: [] })).not.toContain('pass-mark-without-points');
  });
});

describe('the pass mark in the version history', () => {
  it('says how the threshold and the musts changed', () => {
    const before = clinic({ threshold: { kind: 'points', points: 30 } });
    const after = clinic({ threshold: { kind: 'share', percent: 70 }, mustDo: true });
    const fields = diffVersions(before, after).changes.flatMap((change) => change.fields.map((field) => field.words));
    expect(fields).toEqual([
      'Pass mark: 30 points → 70 % of the most reachable points',
      'Pass needs the required tests and no harmful one: no → yes',
    ]);
  });
});
