import { describe, expect, it } from 'vitest';
import { checkDraft, parseData, partsOf } from './template-draft';

describe('template drafts', () => {
  it('finds what the server would refuse, field by field', () => {
    const check = checkDraft({ name: 'Bad Name', subject: ' ', content: 'x'.repeat(100 * 1024 + 1), text: '' });
    expect(check.fieldErrors).toEqual({
      name: expect.stringMatching(/^Must be 1 to 64 lower-case letters/),
      subject: 'Subject must not be empty',
      content: 'Content must be at most 100 KB',
    });
  });

  it('says where a part does not compile, and which placeholders are unknown', () => {
    expect(checkDraft({ name: 'mine', subject: 'Hi', content: '<p>{{#if a}}</p>', text: '' }).problem).toMatch(/^content does not compile/);
    const check = checkDraft({ name: 'space-owner', subject: 'Hi {{spaceName}}', content: '<p>{{scenarios}} {{foo}}</p>', text: '' });
    expect(check).toEqual({ fieldErrors: {}, problem: null, unknownPlaceholders: ['scenarios', 'foo'] });
  });

  it('derives the text part when it is left blank', () => {
    expect(partsOf({ name: 'a', subject: 's', content: 'c', text: '  ' }).text).toBeNull();
    expect(partsOf({ name: 'a', subject: 's', content: 'c', text: 'Plain' }).text).toBe('Plain');
  });

  it('reads sample data as a JSON object only', () => {
    expect(parseData('{"name": "Ann"}')).toEqual({ data: { name: 'Ann' } });
    expect(parseData('')).toEqual({ data: {} });
    expect(parseData('[1]')).toEqual({ error: expect.stringMatching(/must be a JSON object/) });
    expect(parseData('{name')).toEqual({ error: expect.stringMatching(/^Sample data is not valid JSON/) });
  });
});
