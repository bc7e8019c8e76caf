/** Join codes are typed in any case and with stray spaces; the server keeps them upper-case. */
export const normaliseJoinCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/** The join codes the server hands out (contracts: joinCodeParams): 3 to 16 characters. */
export const joinCodeProblem = (code: string): string | null => {
  const value = normaliseJoinCode(code);
  if (value === '') return 'Enter the join code you were given';
  if (value.length < 3 || value.length > 16) return 'A join code has 3 to 16 characters';
  return null;
};
