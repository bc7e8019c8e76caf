import Handlebars from 'handlebars';
import { variablesOfTemplate } from './template-catalogue';

/** The three parts of an email template; a null text part is derived from the HTML. */
export type EmailTemplateParts = { readonly subject: string; readonly content: string; readonly text: string | null };
export type TemplateField = 'subject' | 'content' | 'text';

export type TemplateProblem = {
  readonly field: TemplateField;
  readonly message: string;
  /** 1-based, where handlebars tells */
  readonly line?: number;
  readonly column?: number;
};

export type TemplateAnalysis = {
  /** the first part that would not render, or null */
  readonly problem: TemplateProblem | null;
  /** variables the parts read from the data, in order of first use */
  readonly placeholders: readonly string[];
};

/** Helpers a template may call: four that open a block, and lookup, which gives a value. Partials, decorators and log are left out on purpose. */
const blockHelpers = new Set(['if', 'unless', 'each', 'with']);
const valueHelpers = new Set(['lookup']);
const templateHelpers: readonly string[] = [...blockHelpers, ...valueHelpers];
/** Names handlebars keeps for itself, which a placeholder cannot have. */
const reservedNames = new Set(['helperMissing', 'blockHelperMissing', 'log']);
/** These change the context inside their block, so names there are the item's, not the data's. */
const contextHelpers = new Set(['each', 'with']);

type Position = { line?: number; column?: number };

class ProblemAt extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

type Call = hbs.AST.Node & { path: hbs.AST.PathExpression | hbs.AST.Literal; params: hbs.AST.Expression[]; hash?: hbs.AST.Hash };

// The parser leaves the hash out when there is none, whatever the types say.
const hasHash = (node: { hash?: hbs.AST.Hash }): boolean => (node.hash?.pairs.length ?? 0) > 0;

const at = (node: hbs.AST.Node): Position => ({ line: node.loc.start.line, column: node.loc.start.column + 1 });

const nameOf = (node: Call): string => String((node.path as { original?: unknown }).original);

const isNamed = (node: Call, names: Set<string>): boolean => node.path.type === 'PathExpression' && names.has(nameOf(node));

/** Walks the template, collecting the data's variables and refusing what would not render as it reads. */
const collect = (program: hbs.AST.Program | undefined, found: Set<string>, level: number): void => {
  const variable = (path: hbs.AST.PathExpression) => {
    if (path.data) {
      if (path.parts[0] === 'root' && path.parts[1]) found.add(path.parts[1]);
    } else if (path.depth === level && path.parts[0]) {
      found.add(path.parts[0]);
    }
  };
  const expression = (node: hbs.AST.Expression) => {
    if (node.type === 'PathExpression') variable(node as hbs.AST.PathExpression);
    else if (node.type === 'SubExpression') helperCall(node as Call, 'value');
  };
  const helperCall = (node: Call, use: 'block' | 'value') => {
    const name = nameOf(node);
    const allowed = use === 'block' ? blockHelpers : valueHelpers;
    if (!allowed.has(name)) {
      if (blockHelpers.has(name)) throw new ProblemAt(`${name} opens a block: write {{#${name} value}}…{{/${name}}}`, at(node));
      if (valueHelpers.has(name)) throw new ProblemAt(`${name} gives a value and cannot open a block`, at(node));
      throw new ProblemAt(`Unknown helper "${name}"; helpers are ${templateHelpers.join(', ')}`, at(node));
    }
    if (name === 'lookup' && node.params.length !== 2) throw new ProblemAt('lookup needs an object and a field', at(node));
    if (use === 'block' && node.params.length !== 1) throw new ProblemAt(`{{#${name}}} needs one value`, at(node));
    node.params.forEach(expression);
    node.hash?.pairs.forEach((pair) => expression(pair.value));
  };
  const plainName = (node: Call) => {
    if (isNamed(node, reservedNames)) throw new ProblemAt(`{{${nameOf(node)}}} is reserved by handlebars`, at(node));
    if (node.path.type === 'PathExpression') variable(node.path as hbs.AST.PathExpression);
    // {{"name"}} reads the value named so
    else found.add(nameOf(node));
  };

  for (const node of program?.body ?? []) {
    switch (node.type) {
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (mustache.params.length > 0 || hasHash(mustache) || isNamed(mustache, blockHelpers) || isNamed(mustache, valueHelpers)) {
          helperCall(mustache, 'value');
        } else {
          plainName(mustache);
        }
        break;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        const isHelper = block.params.length > 0 || hasHash(block) || isNamed(block, blockHelpers) || isNamed(block, valueHelpers);
        if (isHelper) helperCall(block, 'block');
        else plainName(block);
        // A section over a value ({{#list}}...{{/list}}) reads its items, as each and with do.
        const changesContext = !isHelper || contextHelpers.has(block.path.original);
        collect(block.program, found, changesContext ? level + 1 : level);
        collect(block.inverse, found, level);
        break;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
        throw new ProblemAt('Partials ({{> name}}) are not supported', at(node));
      case 'Decorator':
      case 'DecoratorBlock':
        throw new ProblemAt('Decorators ({{* name}}) are not supported', at(node));
    }
  }
};

const parseErrorPattern = /^Parse error on line (\d+):\n(.*)\n-*\^\n([\s\S]*)$/;

/** Handlebars' own words, with the line (and column, when it has one) taken out of the text. */
const describeCompileError = (error: unknown): { message: string } & Position => {
  const message = error instanceof Error ? error.message : String(error);
  const parse = parseErrorPattern.exec(message);
  if (parse) {
    const expected = parse[3]!.trim();
    // the most common slip, said in words rather than the parser's token names
    const said = /got 'EOF'$/.test(expected) ? 'a block is not closed: the template ends before its {{/…}}' : expected;
    return { message: `${said} (near "${parse[2]!.trim()}")`, line: Number(parse[1]) };
  }
  const located = error as { lineNumber?: unknown; column?: unknown };
  if (typeof located.lineNumber === 'number' && typeof located.column === 'number') {
    return { message: message.replace(/ - \d+:\d+$/, ''), line: located.lineNumber, column: located.column + 1 };
  }
  return { message: message.split('\n')[0]! };
};

const analyseSource = (field: TemplateField, source: string, found: Set<string>): TemplateProblem | null => {
  try {
    const program = Handlebars.parse(source);
    collect(program, found, 0);
    Handlebars.precompile(program);
    return null;
  } catch (error) {
    if (error instanceof ProblemAt) return { field, message: error.message, ...error.position };
    return { field, ...describeCompileError(error) };
  }
};

/** Whether every part compiles, and which variables the template reads. */
export const analyseEmailTemplate = (template: EmailTemplateParts): TemplateAnalysis => {
  const found = new Set<string>();
  const parts: [TemplateField, string | null][] = [
    ['subject', template.subject],
    ['content', template.content],
    ['text', template.text],
  ];
  for (const [field, source] of parts) {
    if (source === null) continue;
    const problem = analyseSource(field, source, found);
    if (problem) return { problem, placeholders: [...found] };
  }
  return { problem: null, placeholders: [...found] };
};

/** A problem as one sentence: the part, where, and what handlebars said. */
export const describeTemplateProblem = (problem: TemplateProblem): string => {
  const where = [problem.line === undefined ? '' : `line ${problem.line}`, problem.column === undefined ? '' : `column ${problem.column}`]
    .filter(Boolean)
    .join(', ');
  return `${problem.field} does not compile${where ? ` at ${where}` : ''}: ${problem.message}`;
};

/** Variables the template reads that are not documented for a template of this name. */
export const unknownPlaceholders = (name: string, placeholders: readonly string[]): string[] => {
  const known = new Set(variablesOfTemplate(name).map((v) => v.name));
  return placeholders.filter((placeholder) => !known.has(placeholder));
};
