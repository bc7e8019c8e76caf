import Handlebars from 'handlebars';

/**
 * Renders a handlebars template by walking the tree handlebars' own parser gives, instead of
 * compiling it to a function: a page whose Content Security Policy forbids eval (the console's)
 * cannot run handlebars' compiler, and no author's template becomes code on the server either.
 * It covers what analyseEmailTemplate lets a template hold, and property tests hold it to the
 * output of handlebars.compile.
 */

type Data = Record<string, unknown>;
type Scope = {
  readonly data: Data;
  /** what names are read from (handlebars' depth0) */
  readonly context: unknown;
  /** the contexts blocks have entered, the latest first: ../ reads the one before it */
  readonly depths: readonly unknown[];
  readonly blockParams: readonly { readonly names: readonly string[]; readonly values: readonly unknown[] }[];
  /** whether {{mustaches}} are HTML-escaped: in the HTML part, not in the subject and text */
  readonly escape: boolean;
};

/** Handlebars' lookupProperty as it is by default: own properties only, never the prototype's. */
const property = (value: unknown, key: string): unknown =>
  value !== null && value !== undefined && Object.prototype.hasOwnProperty.call(Object(value), key) ? (value as Data)[key] : undefined;

const isEmpty = (value: unknown): boolean => (!value && value !== 0) || (Array.isArray(value) && value.length === 0);

/** A name's path stops at null; an @data path stops at any falsy value, and gives it. */
const walk = (value: unknown, parts: readonly string[]): unknown =>
  parts.reduce<unknown>((current, part) => (current === null || current === undefined ? current : property(current, part)), value);
const walkData = (value: unknown, parts: readonly string[]): unknown =>
  parts.reduce<unknown>((current, part) => (current ? property(current, part) : current), value);

const resolvePath = (path: hbs.AST.PathExpression, scope: Scope): unknown => {
  if (path.data) {
    let data: unknown = scope.data;
    for (let up = 0; up < path.depth && data; up++) data = property(data, '_parent');
    return walkData(data, path.parts);
  }
  // ./name and this.name skip block parameters, as in handlebars
  if (path.depth === 0 && path.parts[0] !== undefined && !/^\.|this\b/.test(path.original)) {
    for (const params of scope.blockParams) {
      const index = params.names.indexOf(path.parts[0]);
      if (index >= 0) return walk(params.values[index], path.parts.slice(1));
    }
  }
  return walk(path.depth === 0 ? scope.context : scope.depths[path.depth], path.parts);
};

const literal = (node: hbs.AST.Node): { value: unknown } | null => {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
      return { value: (node as hbs.AST.StringLiteral).value };
    case 'UndefinedLiteral':
      return { value: undefined };
    case 'NullLiteral':
      return { value: null };
    default:
      return null;
  }
};

type Call = { path: hbs.AST.PathExpression | hbs.AST.Literal; params: hbs.AST.Expression[]; hash?: hbs.AST.Hash };

const evaluate = (node: hbs.AST.Expression, scope: Scope): unknown => {
  if (node.type === 'PathExpression') return resolvePath(node as hbs.AST.PathExpression, scope);
  if (node.type === 'SubExpression') return callHelper(node as hbs.AST.SubExpression, scope);
  return literal(node)?.value;
};

/** lookup is the only helper that gives a value; the block helpers are the blocks' own. */
const callHelper = (call: Call, scope: Scope): unknown => {
  const name = (call.path as hbs.AST.PathExpression).original;
  if (name !== 'lookup') throw new Error(`Missing helper: "${name}"`);
  const [object, field] = call.params.map((param) => evaluate(param, scope));
  return object ? property(object, String(field)) : object;
};

/** The value a mustache shows: a helper's, a literal name's (as {{"name"}} reads), or a path's. */
const valueOf = (call: Call, scope: Scope): unknown => {
  if (call.params.length > 0 || (call.hash?.pairs.length ?? 0) > 0) return callHelper(call, scope);
  const named = literal(call.path);
  return named ? property(scope.context, String(named.value)) : resolvePath(call.path as hbs.AST.PathExpression, scope);
};

/** What helpers get as `this` when there is no context, and hand on to their blocks. */
const nullContext = Object.seal({});
const helperThis = (scope: Scope): unknown => scope.context ?? nullContext;

const runBlock = (
  program: hbs.AST.Program | undefined,
  scope: Scope,
  context: unknown,
  options: { data?: Data; blockParams?: unknown[] } = {},
): string => {
  if (!program) return '';
  const blockParams = program.blockParams?.length
    ? [{ names: program.blockParams, values: options.blockParams ?? [] }, ...scope.blockParams]
    : scope.blockParams;
  // Handlebars' own test, loose equality and all, of whether a block enters a new context.
  const enters = context != scope.depths[0] && !(context === nullContext && scope.depths[0] === null);
  const depths = enters ? [context, ...scope.depths] : scope.depths;
  return renderProgram(program, { data: options.data ?? scope.data, context, depths, blockParams, escape: scope.escape });
};

const each = (block: hbs.AST.BlockStatement, scope: Scope, items: unknown): string => {
  let out = '';
  let count = 0;
  const iteration = (key: string | number, index: number, item: unknown, last: boolean) => {
    const data: Data = { ...scope.data, _parent: scope.data, key, index, first: index === 0, last };
    out += runBlock(block.program, scope, item, { data, blockParams: [item, key] });
  };
  if (items && typeof items === 'object') {
    if (Array.isArray(items)) {
      for (; count < items.length; count++) if (count in items) iteration(count, count, items[count], count === items.length - 1);
    } else {
      const keys = Object.keys(items);
      for (; count < keys.length; count++) iteration(keys[count]!, count, (items as Data)[keys[count]!], count === keys.length - 1);
    }
  }
  return count === 0 ? runBlock(block.inverse, scope, helperThis(scope)) : out;
};

const renderBlock = (block: hbs.AST.BlockStatement, scope: Scope): string => {
  const self = helperThis(scope);
  const [value] = block.params.map((param) => evaluate(param, scope));
  const hash = Object.fromEntries((block.hash?.pairs ?? []).map((pair) => [pair.key, evaluate(pair.value, scope)]));
  switch (block.path.original) {
    case 'if':
    case 'unless': {
      const holds = !((!hash['includeZero'] && !value) || isEmpty(value));
      return runBlock(holds === (block.path.original === 'if') ? block.program : block.inverse, scope, self);
    }
    case 'with':
      return isEmpty(value) ? runBlock(block.inverse, scope, self) : runBlock(block.program, scope, value, { blockParams: [value] });
    case 'each':
      return each(block, scope, value);
    default: {
      // A section over a value, as handlebars' blockHelperMissing reads it: its `this` is the context as it is.
      const section = resolvePath(block.path, scope);
      if (section === true) return runBlock(block.program, scope, scope.context);
      if (section === false || section === null || section === undefined) return runBlock(block.inverse, scope, scope.context);
      if (Array.isArray(section)) return section.length > 0 ? each(block, scope, section) : runBlock(block.inverse, scope, scope.context);
      return runBlock(block.program, scope, section);
    }
  }
};

/** Every value is written as text, so that two values side by side are never added up as numbers. */
const renderProgram = (program: hbs.AST.Program, scope: Scope): string => {
  let out = '';
  for (const node of program.body) {
    switch (node.type) {
      case 'ContentStatement':
        out += (node as hbs.AST.ContentStatement).value;
        break;
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        const value = valueOf(mustache, scope);
        if (mustache.escaped && scope.escape) out += Handlebars.Utils.escapeExpression(value as string);
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as handlebars writes it: an object as [object Object]
        else if (value !== null && value !== undefined) out += String(value);
        break;
      }
      case 'BlockStatement':
        out += renderBlock(node as hbs.AST.BlockStatement, scope);
        break;
      case 'CommentStatement':
        break;
      default:
        throw new Error(`${node.type} is not supported in email templates`);
    }
  }
  return out;
};

/** Parses once; renders with the data as many times as needed. noEscape: no HTML escaping (subject, text). */
export const interpretTemplate = (source: string, options: { noEscape?: boolean } = {}): ((data: unknown) => string) => {
  const program = Handlebars.parse(source);
  return (data) =>
    renderProgram(program, { data: { root: data }, context: data, depths: [data], blockParams: [], escape: !options.noEscape });
};
