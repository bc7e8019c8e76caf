import type { AuditEntry } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { actionFixture, conclusionFixture, scenarioFixture } from '../../../test/scenario-fixtures';
import { namesOf, stepWords } from './audit-wording';

const entry = (type: string, detail: Record<string, unknown> = {}): AuditEntry => ({
  gameId: 'g1',
  nickname: 'Ann',
  seq: 1,
  type,
  detail,
  at: '2025-05-01T10:00:00.000Z',
});

describe('audit wording', () => {
  const names = namesOf(
    scenarioFixture({
      actions: [actionFixture('a1', 'Full blood count')],
      conclusions: [conclusionFixture('c1', 'Iron deficiency'), conclusionFixture('c2', 'Coeliac disease')],
    }),
  );

  it('names the actions and conclusions as the scenario does', () => {
    expect(stepWords(entry('runAction', { actionId: 'a1' }), names)).toBe('ran Full blood count');
    expect(stepWords(entry('confirmConclusions', { conclusionIds: ['c1'] }), names)).toBe('confirmed Iron deficiency');
    expect(stepWords(entry('confirmConclusions', { conclusionIds: ['c1', 'c2'] }), names)).toBe(
      'confirmed Iron deficiency and Coeliac disease',
    );
  });

  it('falls back to the id of an item no longer in the scenario', () => {
    expect(stepWords(entry('runAction', { actionId: 'gone' }), names)).toBe('ran gone');
  });

  it('words the other steps', () => {
    expect(stepWords(entry('takeHint'), names)).toBe('took the hint');
    expect(stepWords(entry('end'), names)).toBe('ended the run');
    expect(stepWords(entry('stop'), names)).toBe('was stopped');
  });
});
