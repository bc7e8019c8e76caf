import dagre from '@dagrejs/dagre';
import type { FlowGraph, FlowNodeKind } from '@resim/domain';

/** SPEC 2: the flow chart is laid out bottom-to-top or right-to-left. */
export type FlowDirection = 'BT' | 'RL';

export const nodeSize: Record<FlowNodeKind, { width: number; height: number }> = {
  stage: { width: 200, height: 56 },
  action: { width: 180, height: 44 },
  conclusion: { width: 180, height: 44 },
};

/** SPEC 2: snap grid 15 by 15; positions land on it so dragged and laid-out nodes line up. */
export const snapGrid: [number, number] = [15, 15];
const snap = (value: number) => Math.round(value / snapGrid[0]) * snapGrid[0];

export type Positioned = { id: string; x: number; y: number; width: number; height: number };

/** Top-left positions for every node, laid out by dagre in the chosen direction. */
export const layoutFlow = (graph: FlowGraph, direction: FlowDirection): Map<string, Positioned> => {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: direction, nodesep: 30, ranksep: 60, marginx: 15, marginy: 15 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) layout.setNode(node.id, { ...nodeSize[node.kind] });
  for (const edge of graph.edges) layout.setEdge(edge.source, edge.target);
  dagre.layout(layout);
  const positions = new Map<string, Positioned>();
  for (const node of graph.nodes) {
    const placed = layout.node(node.id) as { x: number; y: number };
    const { width, height } = nodeSize[node.kind];
    positions.set(node.id, { id: node.id, x: snap(placed.x - width / 2), y: snap(placed.y - height / 2), width, height });
  }
  return positions;
};
