import fc from 'fast-check';
import xapiValidation from 'xapi-validation';
import { describe, expect, it } from 'vitest';
import { applyEvent, startRun } from '../engine/run';
import { eventOf, intentsArbitrary, scenarioArbitrary } from '../engine/test/arbitraries';
import { runView } from '../engine/view';
import type { RunEvent, RunState } from '../engine/types';
import { content } from '../scenario/test/fixtures';
import { endStatements, isoDuration, measureExtension, stepStatements, type StatementSetting, type XapiStatement } from './statements';

const setting = (learner: Partial<StatementSetting['learner']> = {}): StatementSetting => ({
  baseUrl: 'https://resim.example.org/',
  platform: 'Resim',
  spaceId: 'spc1',
  spaceName: 'Ward 7',
  openingId: 'op1',
  registration: '9b2e1c4a-7f0d-4c1e-8a55-3e9f0b6d2a11',
  learner: { nickname: 'Ann', email: 'ann@example.org', userId: 'usr1', runId: 'run1', ...learner },
});

const clinic = {
  ...content({
    resimName: 'Anaemia',
    actions: [
      { id: 'act1', name: 'Full blood count', facts: '<p>Hb <strong>82</strong> g/L</p>', impact: [{ measureId: 'points', value: 10 }] },
      { id: 'act2', name: 'Chest X-ray', impact: [{ measureId: 'money', value: 40 }] },
    ],
    conclusions: [
      { id: 'conc1', name: 'Iron deficiency' },
      { id: 'conc2', name: 'Leukaemia' },
    ],
    measures: [
      { id: 'points', name: 'Points' },
      { id: 'money', name: 'Cost', type: 1 },
    ],
    hint: { text: 'Think of iron', impact: [], measureConditions: [] },
    answers: { actions: ['act1'], conclusions: ['conc1'], unnecessaryActions: ['act2'], harmfulActions: [] },
  }),
  id: 'res1',
};

/** Plays the events, collecting every step's statements, each refused event leaving none. */
const played = (events: readonly RunEvent[], who = setting()) => {
  let state: RunState = startRun(clinic, 1_000);
  let seq = 0;
  const statements: XapiStatement[] = [];
  for (const event of events) {
    const result = applyEvent(clinic, state, event);
    if (!result.ok) continue;
    seq += 1;
    statements.push(...stepStatements(clinic, state, result.state, event, seq, who));
    state = result.state;
  }
  return statements;
};

// CommonJS with an ES default: Node's import hands over its exports object.
const validateStatement = (xapiValidation as unknown as { default?: typeof xapiValidation }).default ?? xapiValidation;

/** What the xAPI specification finds wrong with a statement (none, when it is valid). */
const problems = (statement: XapiStatement) =>
  validateStatement({ ...statement, id: '3f1e2d4c-5b6a-4789-9abc-def012345678' }).map(
    (warning) => `${warning.path.join('.')}: ${warning.message}`,
  );

const verbsOf = (statements: readonly XapiStatement[]) => statements.map((statement) => statement.verb.display['en-US']);

describe('xAPI statements of a run', () => {
  const events: RunEvent[] = [
    { type: 'runAction', actionId: 'act1', at: 5_000 },
    { type: 'takeHint', at: 6_000 },
    { type: 'confirmConclusions', conclusionIds: ['conc1'], at: 9_000 },
    { type: 'end', at: 12_500 },
  ];

  it('tells each juncture: initialized, the test run with its result, the hint, the diagnosis judged, and the end', () => {
    const statements = played(events);
    expect(verbsOf(statements)).toEqual(['initialized', 'interacted', 'interacted', 'answered', 'completed', 'passed', 'scored']);
    const [initialized, test, , diagnosis, completed, passed, scored] = statements;
    expect(initialized!.timestamp).toBe(new Date(1_000).toISOString());
    expect(test!.object.id).toBe('https://resim.example.org/xapi/scenario/res1/test/act1');
    expect(test!.object.definition.name).toEqual({ 'en-US': 'Full blood count' });
    expect(test!.result).toEqual({ response: 'Hb 82 g/L' });
    expect(test!.context.contextActivities.parent?.[0]?.id).toBe('https://resim.example.org/xapi/scenario/res1');
    expect(diagnosis!.result).toEqual({ response: 'Iron deficiency', success: true });
    expect(completed!.result).toEqual({ completion: true, duration: 'PT11.5S' });
    expect(passed!.result?.success).toBe(true);
    expect(scored!.result?.score).toEqual({ raw: 10 });
    expect(scored!.result?.extensions).toEqual({
      [measureExtension('https://resim.example.org', 'points')]: 10,
      [measureExtension('https://resim.example.org', 'money')]: 0,
    });
  });

  it('names the space, the opening and the attempt in every statement, and the learner by email or by account', () => {
    for (const statement of played(events)) {
      expect(statement.context.registration).toBe(setting().registration);
      expect(statement.context.contextActivities.grouping.map((activity) => activity.id)).toEqual([
        'https://resim.example.org/xapi/space/spc1',
        'https://resim.example.org/xapi/scenario/res1/opening/op1',
      ]);
      expect(statement.actor).toEqual({ objectType: 'Agent', name: 'Ann', mbox: 'mailto:ann@example.org' });
    }
    const anonymous = played(events, setting({ email: null, userId: null, nickname: 'Owl' }));
    expect(anonymous[0]!.actor).toEqual({
      objectType: 'Agent',
      name: 'Owl',
      account: { homePage: 'https://resim.example.org/', name: 'run:run1' },
    });
  });

  it('fails a run whose diagnosis the answer key calls wrong, and judges nothing when the key names no diagnosis', () => {
    const wrong = played([
      { type: 'confirmConclusions', conclusionIds: ['conc2'], at: 2_000 },
      { type: 'end', at: 3_000 },
    ]);
    expect(verbsOf(wrong)).toEqual(['initialized', 'answered', 'completed', 'failed', 'scored']);
    expect(wrong[1]!.result?.success).toBe(false);
    const noKey = { ...clinic, answers: { ...clinic.answers, conclusions: [] } };
    const state = startRun(noKey, 0);
    const ended = applyEvent(noKey, state, { type: 'confirmConclusions', conclusionIds: ['conc2'], at: 10 });
    if (!ended.ok) throw new Error(ended.error.message);
    const [answered] = stepStatements(
      noKey,
      state,
      ended.state,
      { type: 'confirmConclusions', conclusionIds: ['conc2'], at: 10 },
      2,
      setting(),
    );
    expect(answered!.result).toEqual({ response: 'Leukaemia' });
    expect(verbsOf(endStatements(noKey, ended.state, setting()))).toEqual(['completed', 'scored']);
  });

  it('writes durations as ISO 8601', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(61_234)).toBe('PT61.23S');
  });

  it('makes only statements the xAPI specification accepts, in every run of random scenarios played at random', () => {
    fc.assert(
      fc.property(scenarioArbitrary, intentsArbitrary, fc.boolean(), (scenario, intents, anonymous) => {
        const withId = { ...scenario, id: 'res9' };
        const who = anonymous ? setting({ email: null, userId: null }) : setting();
        let state = startRun(withId, 0);
        let at = 0;
        let seq = 0;
        for (const intent of intents) {
          at += Math.max(0, intent.gap);
          const event = eventOf(intent, runView(withId, state, at), at);
          const result = applyEvent(withId, state, event);
          if (!result.ok) continue;
          seq += 1;
          for (const statement of stepStatements(withId, state, result.state, event, seq, who)) expect(problems(statement)).toEqual([]);
          state = result.state;
        }
      }),
      { numRuns: 100 },
    );
  });
});
