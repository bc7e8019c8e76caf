import { describe, expect, it } from 'vitest';
import { analyseEmailTemplate, describeTemplateProblem, unknownPlaceholders } from './template-analysis';
import { builtInTemplates } from './template-catalogue';

const parts = (content: string, subject = 'Hi', text: string | null = null) => ({ subject, content, text });

describe('analyseEmailTemplate', () => {
  it('lists the variables each part reads, once, in order of use', () => {
    const analysis = analyseEmailTemplate(parts('<p>{{name}} in {{space.name}}</p>{{{raw}}}', 'Hi {{name}}', '{{footer}}'));
    expect(analysis).toEqual({ problem: null, placeholders: ['name', 'space', 'raw', 'footer'] });
  });

  it('reads the data inside if and unless, and the item inside each and with', () => {
    const analysis = analyseEmailTemplate(
      parts(
        '{{#if a}}{{b}}{{else}}{{c}}{{/if}}{{#each list}}{{name}} {{../d}} {{@root.e}} {{@index}}{{else}}{{f}}{{/each}}{{#with g}}{{h}}{{/with}}',
      ),
    );
    expect(analysis.problem).toBeNull();
    expect(analysis.placeholders).toEqual(['a', 'b', 'c', 'list', 'd', 'e', 'f', 'g']);
  });

  it('treats a section over a value as reading its items, and reads a name written as a literal', () => {
    expect(analyseEmailTemplate(parts('{{#items}}{{label}}{{/items}}{{^none}}{{x}}{{/none}}')).placeholders).toEqual([
      'items',
      'none',
      'x',
    ]);
    expect(analyseEmailTemplate(parts('{{"first name"}} {{[last name]}}')).placeholders).toEqual(['first name', 'last name']);
  });

  it('gives the line of a parse error and what handlebars expected', () => {
    const { problem } = analyseEmailTemplate(parts('<p>\nHello {{name</p>'));
    expect(problem).toMatchObject({ field: 'content', line: 2 });
    expect(problem!.message).toMatch(/Expecting .*got 'INVALID'/);
    expect(describeTemplateProblem(problem!)).toMatch(/^content does not compile at line 2: Expecting/);
  });

  it('says in words that a block is not closed', () => {
    expect(analyseEmailTemplate(parts('<p>{{#if a}}x</p>')).problem).toEqual({
      field: 'content',
      message: 'a block is not closed: the template ends before its {{/…}} (near "<p>{{#if a}}x</p>")',
      line: 1,
    });
  });

  it('gives line and column of a block closed by the wrong name', () => {
    const { problem } = analyseEmailTemplate(parts('x', 'Hi {{#if a}}b{{/each}}'));
    expect(problem).toEqual({ field: 'subject', message: "if doesn't match each", line: 1, column: 7 });
  });

  it('refuses unknown helpers, partials, decorators and helpers without their value', () => {
    const problem = (content: string) => analyseEmailTemplate(parts(content)).problem;
    expect(problem('a {{shout name}}')).toMatchObject({ message: expect.stringContaining('Unknown helper "shout"'), line: 1, column: 3 });
    expect(problem('{{#if (shout a)}}x{{/if}}')?.message).toContain('Unknown helper "shout"');
    expect(problem('{{log "x"}}')?.message).toContain('Unknown helper "log"');
    expect(problem('{{> footer}}')?.message).toContain('Partials');
    expect(problem('{{#if}}x{{/if}}')?.message).toBe('{{#if}} needs one value');
    expect(problem('\n\n  {{#each}}x{{/each}}')).toMatchObject({ line: 3, column: 3 });
    expect(problem('{{each list}}')?.message).toBe('each opens a block: write {{#each value}}…{{/each}}');
    expect(problem('{{#lookup a "b"}}x{{/lookup}}')?.message).toBe('lookup gives a value and cannot open a block');
    expect(problem('{{lookup a}}')?.message).toBe('lookup needs an object and a field');
    expect(problem('{{helperMissing}}')?.message).toBe('{{helperMissing}} is reserved by handlebars');
  });

  it('checks the text part when there is one', () => {
    expect(analyseEmailTemplate(parts('ok', 'ok', '{{#if a}}')).problem?.field).toBe('text');
  });
});

describe('unknownPlaceholders', () => {
  it('knows the variables a built-in documents, and all of them for a custom template', () => {
    expect(unknownPlaceholders('space-owner', ['spaceName', 'productName', 'scenarios', 'foo'])).toEqual(['scenarios', 'foo']);
    expect(unknownPlaceholders('my-welcome', ['spaceName', 'scenarios', 'recipientEmail', 'foo'])).toEqual(['foo']);
    // No email says whether its recipient has a password: a template saved when one could is told it renders empty.
    expect(unknownPlaceholders('learner-invitation', ['signInUrl', 'newAccount'])).toEqual(['newAccount']);
    expect(unknownPlaceholders('my-welcome', ['newAccount'])).toEqual(['newAccount']);
  });

  it('finds every built-in template clean and using only its own variables', () => {
    for (const template of builtInTemplates) {
      const analysis = analyseEmailTemplate(template);
      expect(analysis.problem, template.name).toBeNull();
      expect(unknownPlaceholders(template.name, analysis.placeholders), template.name).toEqual([]);
    }
  });
});
