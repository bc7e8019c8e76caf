import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { sameNode } from './same-node';

const badge = (label: string, color = 'teal') => createElement('span', { key: 'answer', className: color }, label);

describe('sameNode', () => {
  it('takes elements rebuilt with the same type, key and props as the same', () => {
    expect(sameNode(badge('Answer'), badge('Answer'))).toBe(true);
    expect(sameNode([badge('Answer')], [badge('Answer')])).toBe(true);
    expect(sameNode(createElement('b', null, 'x', badge('y')), createElement('b', null, 'x', badge('y')))).toBe(true);
  });

  it('tells a change of text, prop, key, type or length', () => {
    expect(sameNode(badge('Answer'), badge('Score'))).toBe(false);
    expect(sameNode(badge('Answer'), badge('Answer', 'yellow'))).toBe(false);
    expect(sameNode(badge('Answer'), createElement('span', { key: 'score', className: 'teal' }, 'Answer'))).toBe(false);
    expect(sameNode(badge('Answer'), createElement('div', { key: 'answer', className: 'teal' }, 'Answer'))).toBe(false);
    expect(sameNode([badge('Answer')], [])).toBe(false);
    expect(sameNode([], undefined)).toBe(false);
  });

  it('compares other props by identity', () => {
    const onClick = () => undefined;
    expect(sameNode(createElement('button', { onClick }), createElement('button', { onClick }))).toBe(true);
    expect(sameNode(createElement('button', { onClick }), createElement('button', { onClick: () => undefined }))).toBe(false);
  });

  it('compares primitives by value', () => {
    expect(sameNode('a', 'a')).toBe(true);
    expect(sameNode(1, '1')).toBe(false);
    expect(sameNode(null, undefined)).toBe(false);
  });
});
