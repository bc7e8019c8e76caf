// The faces outside the console, apart from its route table: the player's page needs these and nothing of the table.

/** Where the learners' face (the player) lives; every address under it is the player's own. */
export const playerPath = '/play';

export const isPlayerPath = (path: string): boolean => {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === playerPath || pathname.startsWith(`${playerPath}/`);
};

/** Where the presenter display lives: a screen projected in the room during a live session (DESIGN 1). */
export const presenterPath = '/presenter';

export const isPresenterPath = (path: string): boolean => (path.split(/[?#]/)[0] ?? '').startsWith(`${presenterPath}/`);
