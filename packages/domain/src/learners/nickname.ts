/** The longest nickname, in characters once written one way. */
export const nicknameMaxLength = 40;

// What a nickname may not hold: controls, and marks that turn the text around them (a name shown
// backwards on the projector). What shows nothing: spaces, format characters, fillers and blanks.
const controls = /\p{Cc}/u;
const turning = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const unseen = /[\s\p{Cf}\p{M}\u115F\u1160\u2800\u3164\uFFA0]/gu;
const emailShaped = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Words the room reads as the host's, never a learner's. */
const hostWords = new Set(['presenter', 'host', 'admin', 'administrator', 'moderator', 'teacher', 'instructor', 'facilitator', 'system']);

/** A nickname as the session shows it to everyone: one way of writing each name (NFKC), without the spaces around it. */
export const normaliseNickname = (value: string): string => value.normalize('NFKC').trim();

/**
 * Why a nickname, already normalised, cannot be used: seen by everyone in the session, it must be
 * seen, read the right way round, not an address and not the host's; null when it can.
 */
export const nicknameProblem = (value: string): string | null => {
  if (value === '') return 'Give a nickname';
  if (value.length > nicknameMaxLength) return `A nickname has at most ${nicknameMaxLength} characters`;
  if (controls.test(value)) return 'A nickname cannot hold control characters';
  if (turning.test(value)) return 'A nickname cannot hold characters that change the direction of text';
  if (value.replace(unseen, '') === '') return 'Give a nickname that can be seen';
  if (emailShaped.test(value)) return 'A nickname cannot be an email address: everyone in the session sees it';
  if (hostWords.has(value.toLowerCase().replace(/[^\p{L}]/gu, '')))
    return `“${value}” is kept for the session’s host: choose another nickname`;
  return null;
};
