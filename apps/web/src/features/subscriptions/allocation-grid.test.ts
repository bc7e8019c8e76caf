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

describe('the result grid of a space people left or share', () => {
  it('shows a user who is also a learner once, and those who left with a slot, to be freed', () => {
    const space = { ...ward, users: [...ward.users], learners: [...ward.learners, { email: 'Member@example.test', tags: [] }] };
    const allocations = [
      ...ownerCustomer.allocations,
      { spaceId: 's1', email: 'member@example.test', userId: null, type: 2, created: '' },
      { spaceId: 's1', email: 'gone@example.test', userId: null, type: 4, created: '' },
      { spaceId: 's1', email: 'left@example.test', userId: 'u9', type: 3, created: '' },
    ] as const;
    const rows = gridRows(space, allocations);
    expect(rows.map((row) => [row.kind, row.email, row.alsoLearner, row.type])).toEqual([
      ['owner', 'owner@example.test', false, 3],
      ['member', 'member@example.test', true, 2],
      ['learner', 'amy@example.test', false, 3],
      ['learner', 'zed@example.test', false, 0],
      ['former', 'gone@example.test', false, 4],
      ['former', 'left@example.test', false, 3],
    ]);
    expect(allocationsOf('s1', rows, { 'learner:gone@example.test': 0, 'user:u9': 0 })).toEqual([
      { spaceId: 's1', learner: 'gone@example.test', type: 0 },
      { spaceId: 's1', userId: 'u9', type: 0 },
    ]);
  });
});
