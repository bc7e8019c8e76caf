import { describe, expect, it } from 'vitest';
import { allocationsOf, countByType, gridRows } from './allocation-grid';
import { ownerCustomer } from './billing-fixtures';

const ward = ownerCustomer.spaces[0]!;

describe('the result grid of a space', () => {
  it('lists the users (owner first) then the learners, each with the slot they hold in this space only', () => {
    const rows = gridRows(ward, ownerCustomer.allocations);
    expect(rows.map((row) => [row.kind, row.email, row.type])).toEqual([
      ['owner', 'owner@example.test', 3],
      ['member', 'member@example.test', 0],
      ['learner', 'amy@example.test', 3],
      // zed holds an Engage slot in another space, not in this one
      ['learner', 'zed@example.test', 0],
    ]);
  });

  it('asks only for the edits that change something, users by id and learners by email', () => {
    const rows = gridRows(ward, ownerCustomer.allocations);
    const edits = { 'user:u1': 3, 'user:u2': 4, 'learner:amy@example.test': 0, 'learner:zed@example.test': 2 } as const;
    expect(allocationsOf('s1', rows, edits)).toEqual([
      { spaceId: 's1', userId: 'u2', type: 4 },
      { spaceId: 's1', learner: 'amy@example.test', type: 0 },
      { spaceId: 's1', learner: 'zed@example.test', type: 2 },
    ]);
    expect(countByType(rows, edits)).toEqual({ 0: 1, 1: 0, 2: 1, 3: 1, 4: 1 });
    expect(allocationsOf('s1', rows, {})).toEqual([]);
  });
});
