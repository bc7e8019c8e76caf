import type { Impact } from './schema';

/** SPEC 3: the measure whose id is 'points' is the score. */
export const pointsMeasureId = 'points';

/** SPEC 9: default impact suggestions when a 'points' measure exists: +10, -10, +1, -1 points; none otherwise. */
export const impactSuggestions = (content: { readonly measures: readonly { readonly id: string }[] }): Impact[] =>
  content.measures.some((candidate) => candidate.id === pointsMeasureId)
    ? [10, -10, 1, -1].map((value) => ({ measureId: pointsMeasureId, value }))
    : [];
