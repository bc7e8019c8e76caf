/**
 * SPEC 3 userRestriction.pattern: who may play a scenario, as email patterns where `*` stands for
 * any run of characters (`*@hospital.org`, `*.nhs.uk`, `ann@lab.example`). Globs rather than
 * regular expressions: authors can read them, and no pattern can make matching slow.
 */
const allowed = /^[a-z0-9@._+*'-]+$/;

/** The problem with one pattern as it is typed, or undefined when it is fine. */
export const userRestrictionProblem = (pattern: string): string | undefined => {
  const value = pattern.trim().toLowerCase();
  if (value === '') return 'A pattern must not be empty';
  if (value.length > 254) return 'A pattern must be at most 254 characters';
  if (!allowed.test(value)) return 'Use letters, digits, @ . _ + - and * (any characters) only';
  if ((value.match(/@/g) ?? []).length > 1) return 'A pattern may hold at most one @';
  if (/^\*+$/.test(value)) return 'A pattern of only * lets everyone in; leave the list empty instead';
  return undefined;
};

/** Every problem of a pattern list, naming the pattern. */
export const userRestrictionProblems = (patterns: readonly string[]): string[] =>
  patterns.flatMap((pattern, index) => {
    const problem = userRestrictionProblem(pattern);
    return problem ? [`userRestriction.pattern[${index}] "${pattern}": ${problem}`] : [];
  });

const toRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .trim()
      .toLowerCase()
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*+/g, '.*')}$`,
  );

/** Whether an email may play: any pattern matches, or there are none. */
export const matchesUserRestriction = (email: string, patterns: readonly string[]): boolean =>
  patterns.length === 0 ||
  patterns.some((pattern) => userRestrictionProblem(pattern) === undefined && toRegExp(pattern).test(email.trim().toLowerCase()));
