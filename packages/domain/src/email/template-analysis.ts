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

/** Helpers a template may call; partials, decorators and the log helper are left out on purpose. */
export const templateHelpers: readonly string[] = ['if', 'unless', 'each', 'with', 'lookup'];
/** These change the context inside their block, so names there are the item's, not the data's. */
const contextHelpers = new Set(['each', 'with']);
const oneValueHelpers = new Set(['if', 'unless', 'each', 'with']);

type Position = { line?: number; column?: number };

class ProblemAt extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

// The parser leaves the hash out when there is none, whatever the types say.
const hasHash = (node: { hash?: hbs.AST.Hash }): boolean => (node.hash?.pairs.length ?? 0) > 0;

const at = (node: hbs.AST.Node): Position => ({ line: node.loc.start.line, column: node.loc.start.column + 1 });

/** Walks the template, collecting the data's variables and refusing what would fail when rendered. */
const collect = (program: hbs.AST.Program, found: Set<string>, level: number): void => {
  const variable = (path: hbs.AST.PathExpression) => {
    if (path.data) {
      if (path.parts[0] === 'root' && path.parts[1]) found.add(path.parts[1]);
    } else if (path.depth === level && path.parts[0]) {
      found.add(path.parts[0]);
    }
  };
  const expression = (node: hbs.AST.Expression) => {
    if (node.type === 'PathExpression') variable(node as hbs.AST.PathExpression);
    else if (node.type === 'SubExpression') helperCall(node as hbs.AST.SubExpression);
  };
  const helperCall = (
    node: hbs.AST.Node & { path: hbs.AST.PathExpression | hbs.AST.Literal; params: hbs.AST.Expression[]; hash?: hbs.AST.Hash },
  ) => {
    const name = String((node.path as { original?: unknown }).original);
    if (!templateHelpers.includes(name))
      throw new ProblemAt(`Unknown helper "${name}"; helpers are ${templateHelpers.join(', ')}`, at(node));
    if (oneValueHelpers.has(name) && node.params.length !== 1) throw new ProblemAt(`{{#${name}}} needs one value`, at(node));
    node.params.forEach(expression);
    node.hash?.pairs.forEach((pair) => expression(pair.value));
  };

  for (const node of program.body) {
    switch (node.type) {
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (mustache.params.length > 0 || hasHash(mustache)) helperCall(mustache);
        else if (mustache.path.type === 'PathExpression') variable(mustache.path as hbs.AST.PathExpression);
        break;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        const isHelper = block.params.length > 0 || hasHash(block) || templateHelpers.includes(block.path.original);
        if (isHelper) helperCall(block);
        else variable(block.path);
        // A section over a value ({{#list}}...{{/list}}) reads its items, as each and with do.
        const changesContext = !isHelper || contextHelpers.has(block.path.original);
        collect(block.program, found, changesContext ? level + 1 : level);
        if (block.inverse) collect(block.inverse, found, level);
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
  if (parse) return { message: `${parse[3]!.trim()} (near "${parse[2]!.trim()}")`, line: Number(parse[1]) };
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
