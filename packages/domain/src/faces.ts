/** Where the learners' face (the player) lives; every address under it is the player's own page (play.html). */
export const playerPath = '/play';

/** Whether an address (with or without its query) is the player's: the web app routes by it, the server picks the page by it. */
export const isPlayerPath = (path: string): boolean => {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === playerPath || pathname.startsWith(`${playerPath}/`);
};
