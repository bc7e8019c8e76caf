import type { GameSnapshot } from '@resim/contracts';

/** What a platform-launched run's page is told by its address, once read. */
export type PlatformLink = { readonly runToken: string | null; readonly parentOrigin: string | null };

const storageKey = (gameId: string) => `resim.lms.${gameId}`;

const originOf = (value: string | null): string | null => {
  if (!value || !URL.canParse(value)) return null;
  const { origin, protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:' ? origin : null;
};

type PageWindow = Pick<Window, 'location' | 'history' | 'sessionStorage'>;

/**
 * The run token from the fragment (`#token=`), which never reaches a server's log nor a Referer,
 * and the framing page's origin from `?origin=`. The token leaves the address at once and stays in
 * the tab's session storage, so a reload of the frame goes on playing.
 */
export const platformRunToken = (gameId: string, page: PageWindow): PlatformLink => {
  const fragment = new URLSearchParams(page.location.hash.replace(/^#/, ''));
  const parentOrigin = originOf(new URLSearchParams(page.location.search).get('origin'));
  let runToken = fragment.get('token');
  try {
    if (runToken) page.sessionStorage.setItem(storageKey(gameId), runToken);
    else runToken = page.sessionStorage.getItem(storageKey(gameId));
  } catch {
    // Storage refused: the run plays; only a reload cannot resume it.
  }
  if (fragment.has('token')) page.history.replaceState(page.history.state, '', `${page.location.pathname}${page.location.search}`);
  return { runToken: runToken || null, parentOrigin };
};

/** The message a framing platform page reads: where the run stands and, once it ended, its points and verdict. */
export type PlatformMessage = {
  readonly type: 'resim:run';
  readonly gameId: string;
  readonly phase: GameSnapshot['phase'];
  readonly ended: boolean;
  readonly points: number | null;
  /** the answer key's verdict; null when the key names no diagnosis or the run goes on */
  readonly passed: boolean | null;
  readonly durationMs: number | null;
};

export const platformMessage = (snapshot: GameSnapshot): PlatformMessage => {
  const ended = snapshot.view?.ended != null || snapshot.endReason !== null;
  const score = ended ? snapshot.score : null;
  return {
    type: 'resim:run',
    gameId: snapshot.gameId,
    phase: snapshot.phase,
    ended,
    points: score?.points ?? null,
    passed: score && score.answers.conclusionsExpected > 0 ? score.answers.correct : null,
    durationMs: score?.durationMs ?? null,
  };
};
