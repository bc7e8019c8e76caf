import fc from 'fast-check';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { interpretTemplate } from './interpret-template';
import { analyseEmailTemplate } from './template-analysis';
import { builtInTemplates, sampleData } from './template-catalogue';

const paths = [
  'a',
  'b',
  'n',
  'z',
  's',
  'list',
  'obj',
  'obj.b',
  'obj.c.d',
  'list.length',
  's.length',
  'this',
  '.',
  'this.a',
  '[a]',
  '@root.a',
  '@root.obj.b',
  '@index',
  '@first',
  '@last',
  '@key',
  '../a',
  '../../n',
  'missing',
  'missing.deeper',
  'obj.constructor',
  'a.__proto__',
  'item',
  'i',
];
const path = fc.constantFrom(...paths);
const plainTexts = ['a', ' ', '\n', 'x y', '  \n  ', ''];
/** Text HTML escaping would change, and text it would not. */
const anyText = fc.constantFrom(...plainTexts, '<b>', '&amp;', '"', "'", '=', '`');
const plainText = fc.constantFrom(...plainTexts);

/** Templates built from everything analyseEmailTemplate lets through. */
const templates = (text: fc.Arbitrary<string>) =>
  fc.letrec<{ template: string; part: string }>((tie) => ({
    template: fc.array(tie('part'), { maxLength: 5 }).map((parts) => parts.join('')),
    part: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      path.map((p) => `{{${p}}}`),
      // Handlebars adds raw values side by side as numbers ({{{a}}}{{{b}}} with 1 and 2 gives 3), where the
      // interpreter writes 12: a letter before each raw value keeps the comparison to what both do alike.
      path.map((p) => `x{{{${p}}}}`),
      path.map((p) => `{{~${p}~}}`),
      fc.constantFrom('{{lookup obj "b"}}', '{{lookup list 0}}', 'x{{{lookup obj a}}}', '{{! a comment }}', '{{!-- another --}}'),
      fc
        .tuple(fc.constantFrom('if', 'unless', 'each', 'with'), path, fc.boolean(), tie('template'), tie('template'))
        .map(([helper, value, standalone, body, otherwise]) =>
          standalone
            ? `\n{{#${helper} ${value}}}\n${body}\n{{else}}\n${otherwise}\n{{/${helper}}}\n`
            : `{{#${helper} ${value}}}${body}{{else}}${otherwise}{{/${helper}}}`,
        ),
      fc.tuple(path, tie('template')).map(([value, body]) => `{{#if ${value} includeZero=true}}${body}{{/if}}`),
      fc.tuple(path, tie('template')).map(([value, body]) => `{{#each ${value} as |item i|}}{{item}}:{{i}}${body}{{/each}}`),
      fc.tuple(tie('template')).map(([body]) => `{{#with obj as |o|}}{{o.b}}${body}{{/with}}`),
      fc
        .tuple(fc.constantFrom('a', 'b', 'n', 'list', 'obj', 'missing'), tie('template'))
        .map(([name, body]) => `{{#${name}}}${body}{{/${name}}}`),
      fc.tuple(fc.constantFrom('a', 'list', 'missing'), tie('template')).map(([name, body]) => `{{^${name}}}${body}{{/${name}}}`),
      fc.tuple(tie('template')).map(([body]) => `{{#if (lookup obj "b")}}${body}{{/if}}`),
    ),
  }));

const plainStrings = ['', 'plain', '0', 'false', 'two words'];
const dataOf = (strings: fc.Arbitrary<string>) => {
  const scalar = fc.oneof(strings, fc.constantFrom(0, 1, -2, 3.5), fc.boolean(), fc.constant(null));
  const value = fc.oneof(
    scalar,
    fc.array(fc.oneof(scalar, fc.record({ b: scalar })), { maxLength: 3 }),
    fc.record({ b: scalar, c: fc.record({ d: scalar }) }, { requiredKeys: [] }),
  );
  // as data arrives: parsed from JSON
  return fc
    .record({ a: value, b: value, n: value, z: value, s: scalar, list: value, obj: value }, { requiredKeys: [] })
    .map((record) => JSON.parse(JSON.stringify(record)) as Record<string, unknown>);
};
const anyData = dataOf(fc.constantFrom(...plainStrings, '<script>&"\'`=</script>'));
const plainData = dataOf(fc.constantFrom(...plainStrings));

const handlebars = Handlebars.create();
handlebars.unregisterHelper('log');
const outcome = (render: () => string): { out: string } | { threw: true } => {
  try {
    return { out: render() };
  } catch {
    return { threw: true };
  }
};

describe('interpretTemplate', () => {
  it('renders exactly as handlebars.compile does, whatever the template and the data', () => {
    fc.assert(
      fc.property(templates(anyText).template, anyData, (source, values) => {
        fc.pre(analyseEmailTemplate({ subject: source, content: '', text: null }).problem === null);
        const expected = outcome(() => handlebars.compile(source)(values));
        expect(outcome(() => interpretTemplate(source)(values))).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  // Handlebars' noEscape mode adds values side by side as numbers too: unescaped text is held to the
  // escaped rendering instead, where escaping changes nothing.
  it('renders unescaped as handlebars does escaped, where escaping has nothing to change', () => {
    fc.assert(
      fc.property(templates(plainText).template, plainData, (source, values) => {
        fc.pre(analyseEmailTemplate({ subject: source, content: '', text: null }).problem === null);
        const expected = outcome(() => handlebars.compile(source)(values));
        expect(outcome(() => interpretTemplate(source, { noEscape: true })(values))).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('renders the built-in templates as handlebars does', () => {
    for (const builtIn of builtInTemplates) {
      const values = sampleData(builtIn.name);
      expect(interpretTemplate(builtIn.content)(values)).toBe(handlebars.compile(builtIn.content)(values));
    }
  });
});
