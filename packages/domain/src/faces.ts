/** Where the learners' face (the player) lives; every address under it is the player's own page (play.html). */
export const playerPath = '/play';

/** Whether an address (with or without its query) is the player's: the web app routes by it, the server picks the page by it. */
export const isPlayerPath = (path: string): boolean => {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === playerPath || pathname.startsWith(`${playerPath}/`);
};

/** Where a run a learning platform launched plays (SCORM, LTI): a player's page that other sites may frame. */
export const platformPlayerPath = `${playerPath}/lms`;

export const isPlatformPlayerPath = (path: string): boolean => (path.split(/[?#]/)[0] ?? '').startsWith(`${platformPlayerPath}/`);
