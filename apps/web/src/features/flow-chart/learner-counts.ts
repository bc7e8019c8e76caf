import type { LearnerFlow } from '@resim/contracts';

/** What the flow chart shows on one box: how many learners reached or did it, and how many stopped there. */
export type NodeCounts = { readonly learners: number; readonly stalled: number };

/** Each item's counts by id; items nobody reached are absent. */
export const nodeCounts = (flow: LearnerFlow): Map<string, NodeCounts> => {
  const counts = new Map<string, NodeCounts>();
  for (const row of [...flow.stages, ...flow.actions, ...flow.conclusions]) counts.set(row.id, { learners: row.learners, stalled: 0 });
  for (const stall of flow.stalls)
    if (stall.id !== null) counts.set(stall.id, { learners: counts.get(stall.id)?.learners ?? 0, stalled: stall.learners });
  return counts;
};

const thinnest = 1.5;
const thickest = 10;

/** An edge's width in pixels, from the thinnest for one learner to the thickest for the most taken edge. */
export const edgeWidth = (count: number, most: number): number =>
  most <= 1 ? thinnest : thinnest + ((thickest - thinnest) * (count - 1)) / (most - 1);

/** The steps from one item to the next (not the runs' first steps), each with its width. */
export const learnerEdges = (flow: LearnerFlow) => {
  const between = flow.transitions.flatMap((edge) => (edge.from === null ? [] : [{ ...edge, from: edge.from }]));
  const most = Math.max(0, ...between.map((edge) => edge.count));
  return between.map((edge) => ({ ...edge, width: edgeWidth(edge.count, most) }));
};

export const learnersText = (count: number): string => `${count} ${count === 1 ? 'learner' : 'learners'}`;
