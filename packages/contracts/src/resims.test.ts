import { describe, expect, it } from 'vitest';
import { moveResimBody, resimConflict, patchResimBody } from './resims';

/** A scenario as stored before the answer key marked actions and before currencies and time units. */
const older = {
  code: 'conflict',
  message: 'Changed',
  current: {
    id: 'resim1',
    group: 'space1',
    resimStatus: 0,
    created: '2025-01-01T00:00:00.000Z',
    revision: 3,
    resimName: 'Anaemia',
    settings: { hideRank: false, hideTime: false, allowApp: true, allowBrowser: true },
    answers: { actions: ['act1'], conclusions: ['conc1'] },
    actions: [{ id: 'act1', name: 'Full blood count', impact: [{ measureId: 'measure1', value: -40 }] }],
    conclusions: [{ id: 'conc1', name: 'Iron deficiency' }],
    measures: [{ id: 'measure1', name: 'Budget', type: 1 }],
  },
};

describe('scenario contracts', () => {
  it('reads a scenario saved before the new fields whole, with their defaults', () => {
    const { current } = resimConflict.parse(older);
    expect(current.answers).toEqual({ actions: ['act1'], unnecessaryActions: [], harmfulActions: [], conclusions: ['conc1'] });
    expect(current.currency).toBe('USD');
    expect(current.settings.showActionCosts).toBe(false);
    expect(current.measures[0]?.timeUnit).toBe('seconds');
    expect(current.actions[0]?.impact).toEqual([{ measureId: 'measure1', value: -40 }]);
  });

  it('takes an ISO 4217 currency and a time unit, and names what is wrong otherwise', () => {
    expect(patchResimBody.parse({ details: { currency: 'eur' } }).details?.currency).toBe('EUR');
    const refused = patchResimBody.safeParse({ details: { currency: 'EURO' } });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['details', 'currency'],
      message: 'must be an ISO 4217 currency code such as USD or EUR',
    });
    expect(patchResimBody.safeParse({ measures: [{ id: 'measure1', name: 'Wait', type: 4, timeUnit: 'weeks' }] }).success).toBe(false);
  });

  it('refuses an answer key that marks one action twice, naming it', () => {
    const refused = patchResimBody.safeParse({ details: { answers: { actions: ['act1'], unnecessaryActions: ['act1'] } } });
    expect(refused.error?.issues[0]?.message).toBe('action act1 is marked more than once');
  });

  it('takes a SPEC 9 priority, High 1 or Low 2 or none, reads an older scenario as none, and names what is wrong otherwise', () => {
    expect(resimConflict.parse(older).current.priority).toBeNull();
    expect(patchResimBody.parse({ details: { priority: 1 } }).details?.priority).toBe(1);
    expect(patchResimBody.parse({ details: { priority: null } }).details?.priority).toBeNull();
    for (const wrong of [3, 'high', 0]) {
      const refused = patchResimBody.safeParse({ details: { priority: wrong } });
      expect(refused.error?.issues[0]).toMatchObject({
        path: ['details', 'priority'],
        message: 'must be 1 (High) or 2 (Low), or null for none',
      });
    }
  });

  it('names the space to move a scenario to', () => {
    expect(moveResimBody.parse({ spaceId: ' s2 ' })).toEqual({ spaceId: 's2' });
    expect(moveResimBody.safeParse({ spaceId: '' }).error?.issues[0]?.message).toBe('spaceId must name a space');
    expect(moveResimBody.safeParse({ spaceId: 's2', group: 's3' }).success).toBe(false);
  });
});
