import '@xyflow/react/dist/style.css';
import { Background, Controls, ReactFlow, type Edge, type Node, type NodeMouseHandler } from '@xyflow/react';
import { snapGrid } from './flow-layout';

/**
 * The frame every flow chart is drawn in: zoom from 0.5 to 2 on a 15 by 15 snap grid (SPEC 2),
 * fitted to the chart, with nothing to connect by hand.
 */
export const FlowCanvas = <N extends Node>(props: { nodes: N[]; edges: Edge[]; testId: string; onNodeClick?: NodeMouseHandler<N> }) => (
  <div style={{ height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid={props.testId}>
    <ReactFlow
      nodes={props.nodes}
      edges={props.edges}
      minZoom={0.5}
      maxZoom={2}
      snapToGrid
      snapGrid={snapGrid}
      fitView
      nodesConnectable={false}
      {...(props.onNodeClick ? { onNodeClick: props.onNodeClick } : {})}
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={snapGrid[0]} />
      <Controls showInteractive={false} />
    </ReactFlow>
  </div>
);
