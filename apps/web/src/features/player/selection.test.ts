import { defaultTextSet, type ActionView } from '@resim/domain';
import { describe, expect, it } from 'vitest';
import { actionsMessage, keepSelectable, matchesSearch, toggleSelection } from './selection';

const action = (id: string, availability: ActionView['availability']): ActionView => ({
  id,
  name: id,
  stage: null,
  availability,
  reason: availability === 'unavailable' ? 'Not enough money' : null,
});

describe('selection', () => {
  it('adds and removes picks up to the limit', () => {
    expect(toggleSelection([], 'a')).toEqual(['a']);
    expect(toggleSelection(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleSelection(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleSelection(['a'], 'c', 2)).toEqual(['a', 'c']);
  });

  it('replaces the pick when only one is allowed', () => {
    expect(toggleSelection(['a'], 'b', 1)).toEqual(['b']);
  });

  it('drops picks that are no longer offered', () => {
    const selected = ['a', 'b'];
    expect(keepSelectable(selected, ['a', 'b', 'c'])).toBe(selected);
    expect(keepSelectable(selected, ['b'])).toEqual(['b']);
  });

  it('searches any part of the name, without case or accents', () => {
    expect(matchesSearch('Échographie cardiaque', 'echo')).toBe(true);
    expect(matchesSearch('Chest X-ray', ' X-RAY ')).toBe(true);
    expect(matchesSearch('ECG', 'xray')).toBe(false);
  });
});

describe('actions message', () => {
  it('says nothing while a test can be run', () => {
    expect(actionsMessage([action('a', 'available'), action('b', 'done')], defaultTextSet)).toBeNull();
  });

  it('says every test was used, that some cannot be run, or that none is available', () => {
    expect(actionsMessage([action('a', 'done'), action('b', 'done')], defaultTextSet)).toBe('You have used all tests');
    expect(actionsMessage([action('a', 'done'), action('b', 'unavailable')], defaultTextSet)).toBe(
      'You cannot run any more tests because...',
    );
    expect(actionsMessage([], defaultTextSet)).toBe('No tests are available');
  });
});
