// The faces outside the console, apart from its route table: the player's page needs these and nothing of the table.

export { isPlayerPath, platformPlayerPath, playerPath } from '@resim/domain';

/** Where the presenter display lives: a screen projected in the room during a live session (DESIGN 1). */
export const presenterPath = '/presenter';

export const isPresenterPath = (path: string): boolean => (path.split(/[?#]/)[0] ?? '').startsWith(`${presenterPath}/`);
