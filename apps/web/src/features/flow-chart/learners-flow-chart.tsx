import type { LearnerFlow } from '@resim/contracts';
import { flowGraph, type FlowNodeKind, type ReadonlyContent } from '@resim/domain';
import { MarkerType, Position, type Edge, type Node } from '@xyflow/react';
import { useMemo } from 'react';
import { FlowCanvas } from './flow-canvas';
import { layoutFlow } from './flow-layout';
import { learnerEdges, learnersText, nodeCounts } from './learner-counts';

const kindColours: Record<FlowNodeKind, string> = {
  stage: 'var(--mantine-color-blue-0)',
  action: 'var(--mantine-color-white)',
  conclusion: 'var(--mantine-color-teal-0)',
};
const stallColour = 'var(--mantine-color-orange-7)';
const stepColour = 'var(--mantine-color-violet-6)';

export type LearnersFlowChartProps = {
  content: ReadonlyContent;
  flow: LearnerFlow;
  /** labels of the three kinds, from the scenario's text set */
  labels: Record<FlowNodeKind, string>;
};

/**
 * The scenario's flow chart laid out as the structural one (so that boxes stay put between
 * polls), each box with the learners who reached it and those stopped there, and an edge for
 * each step learners took from one item to the next, thicker the more took it.
 */
export const LearnersFlowChart = ({ content, flow, labels }: LearnersFlowChartProps) => {
  const graph = useMemo(() => flowGraph(content), [content]);
  const positions = useMemo(() => layoutFlow(graph, 'BT'), [graph]);
  const { nodes, edges } = useMemo(() => {
    const counts = nodeCounts(flow);
    const flowNodes: Node[] = graph.nodes.map((node) => {
      const placed = positions.get(node.id)!;
      const count = counts.get(node.id) ?? { learners: 0, stalled: 0 };
      const stalled = count.stalled > 0;
      const summary = `${learnersText(count.learners)}${stalled ? `, ${count.stalled} stopped here` : ''}`;
      return {
        id: node.id,
        position: { x: placed.x, y: placed.y },
        data: {
          label: (
            <div data-testid={`flow-node-${node.id}`}>
              <div style={{ fontWeight: node.kind === 'stage' ? 600 : 400 }}>{node.label}</div>
              <div style={{ fontSize: 12, fontWeight: 600 }}>{learnersText(count.learners)}</div>
              {stalled ? <div style={{ fontSize: 12, color: stallColour, fontWeight: 600 }}>{count.stalled} stopped here</div> : null}
            </div>
          ),
        },
        ariaLabel: `${labels[node.kind]} ${node.label}: ${summary}`,
        sourcePosition: Position.Top,
        targetPosition: Position.Bottom,
        draggable: false,
        style: {
          width: placed.width,
          minHeight: placed.height,
          borderRadius: node.kind === 'stage' ? 8 : 20,
          border: stalled ? `3px solid ${stallColour}` : '1px solid var(--mantine-color-gray-5)',
          background: kindColours[node.kind],
          color: 'var(--mantine-color-black)',
          opacity: count.learners === 0 ? 0.6 : 1,
          fontSize: 13,
        },
      };
    });
    const names = new Map(graph.nodes.map((node) => [node.id, node.label]));
    const flowEdges: Edge[] = learnerEdges(flow)
      .filter((edge) => names.has(edge.from) && names.has(edge.to))
      .map((edge) => ({
        id: `${edge.from}->${edge.to}`,
        source: edge.from,
        target: edge.to,
        label: String(edge.count),
        ariaLabel: `${learnersText(edge.count)} went from ${names.get(edge.from)} to ${names.get(edge.to)}`,
        labelStyle: { fontSize: 12, fontWeight: 600 },
        // Above the boxes, so that a step passing behind one still shows its count.
        zIndex: 1,
        style: { stroke: stepColour, strokeWidth: edge.width },
        // The arrow keeps one size, however thick the edge.
        markerEnd: { type: MarkerType.ArrowClosed, color: stepColour, width: 16, height: 16, markerUnits: 'userSpaceOnUse' },
      }));
    return { nodes: flowNodes, edges: flowEdges };
  }, [graph, positions, flow, labels]);

  return <FlowCanvas nodes={nodes} edges={edges} testId="learners-flow-chart" />;
};
