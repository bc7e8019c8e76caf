import { inSentence, maxConclusionsText, type TextSet } from '../scenario/text-set';
import type { ApplyResult, RunErrorCode } from './types';

/** The learner-facing refusals of the engine: each names what went wrong in the wording of the current stage. */

const refuse = (code: RunErrorCode, message: string): ApplyResult => ({ ok: false, error: { code, message } });

// A reason is written to stand alone ("Needs X first"); after a colon it continues the sentence.
const continuing = (reason: string): string => `${reason.charAt(0).toLocaleLowerCase()}${reason.slice(1)}`;

type Named = { readonly id: string; readonly name: string };
const nameOf = (item: Named): string => item.name || item.id;

export const refusals = {
  ended: () => refuse('ended', 'The simulation has ended'),
  outOfOrder: () => refuse('out_of_order', 'This step is older than the last one taken, so it was not applied'),
  unknownEvent: () => refuse('unknown_item', 'This step is not one the simulation knows'),
  unknownItem: (id: string) => refuse('unknown_item', `"${id}" is not part of this simulation`),
  alreadyRun: (action: Named) => refuse('already_done', `${nameOf(action)} has already been run`),
  alreadyConfirmed: (conclusion: Named) => refuse('already_done', `${nameOf(conclusion)} has already been confirmed`),
  cannotRun: (action: Named, reason: string) => refuse('not_available', `${nameOf(action)} cannot be run: ${continuing(reason)}`),
  cannotConfirm: (conclusion: Named, reason: string) =>
    refuse('not_available', `${nameOf(conclusion)} cannot be confirmed: ${continuing(reason)}`),
  noneSelected: (text: TextSet) => refuse('not_available', `Select at least one ${inSentence(text.conclusion)}`),
  tooMany: (text: TextSet, max: number) => refuse('too_many', maxConclusionsText(text, max)),
  selectedTwice: (conclusion: Named) => refuse('too_many', `${nameOf(conclusion)} is selected more than once`),
  hintsNotOffered: () => refuse('no_hint', 'Hints are not offered in this simulation'),
  noHint: () => refuse('no_hint', 'This simulation has no hint'),
  hintTaken: () => refuse('no_hint', 'The hint has already been taken'),
  hintNotYet: (reason: string) => refuse('no_hint', `The hint is not available yet: ${continuing(reason)}`),
} as const;
