import type { EffectiveAccommodation } from '@resim/contracts';

/** Where a learner's accommodation comes from, for people: 'own', 'from tag Dyslexia', 'from tags A, B'. */
export const accommodationSource = (from: EffectiveAccommodation['from']): string =>
  from === 'learner' ? 'own' : `from ${from.length === 1 ? 'tag' : 'tags'} ${from.join(', ')}`;
