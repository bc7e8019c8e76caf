import { Group, SegmentedControl, Text } from '@mantine/core';
import { flowGraph, startingStages, type FlowEdgeKind, type FlowNodeKind, type ReadonlyContent } from '@resim/domain';
import { MarkerType, Position, type Edge, type Node } from '@xyflow/react';
import { useMemo, useState } from 'react';
import { FlowCanvas } from './flow-canvas';
import { layoutFlow, type FlowDirection } from './flow-layout';

const nodeColours: Record<FlowNodeKind, { background: string; border: string }> = {
  stage: { background: 'var(--mantine-color-blue-0)', border: 'var(--mantine-color-blue-5)' },
  action: { background: 'var(--mantine-color-white)', border: 'var(--mantine-color-gray-5)' },
  conclusion: { background: 'var(--mantine-color-teal-0)', border: 'var(--mantine-color-teal-6)' },
};

const edgeStyles: Record<FlowEdgeKind, { stroke: string; dash?: string; label?: string }> = {
  contains: { stroke: 'var(--mantine-color-gray-4)' },
  'requires-all': { stroke: 'var(--mantine-color-blue-6)', label: 'all' },
  'requires-any': { stroke: 'var(--mantine-color-blue-4)', dash: '6 4', label: 'any' },
  'requires-none': { stroke: 'var(--mantine-color-red-6)', dash: '2 4', label: 'none' },
  activates: { stroke: 'var(--mantine-color-orange-6)', label: 'activates' },
};

type NodeData = { label: string; kind: FlowNodeKind };

export type FlowChartProps = {
  content: ReadonlyContent;
  /** labels of the three kinds, from the scenario's text set */
  labels: Record<FlowNodeKind, string>;
  onSelect: (kind: FlowNodeKind, id: string) => void;
};

/**
 * SPEC 2 flow chart: the scenario's stages, actions and conclusions with their requirement and
 * activator edges, laid out automatically (BT or RL), zoom 0.5 to 2, a 15 by 15 snap grid;
 * clicking a node opens it in the editor.
 */
export const FlowChart = ({ content, labels, onSelect }: FlowChartProps) => {
  const [direction, setDirection] = useState<FlowDirection>('BT');
  const graph = useMemo(() => flowGraph(content), [content]);
  const starting = useMemo(() => new Set(startingStages(content).map((stage) => stage.id)), [content]);
  const { nodes, edges } = useMemo(() => {
    const positions = layoutFlow(graph, direction);
    const flowNodes: Node<NodeData>[] = graph.nodes.map((node) => {
      const placed = positions.get(node.id)!;
      return {
        id: node.id,
        position: { x: placed.x, y: placed.y },
        data: {
          label: `${node.label}${node.isDefault ? ' (default)' : ''}${node.kind === 'stage' && starting.has(node.id) ? ' · opens at start' : ''}`,
          kind: node.kind,
        },
        ariaLabel: `${labels[node.kind]} ${node.label}`,
        sourcePosition: direction === 'BT' ? Position.Top : Position.Left,
        targetPosition: direction === 'BT' ? Position.Bottom : Position.Right,
        style: {
          width: placed.width,
          minHeight: placed.height,
          borderRadius: node.kind === 'stage' ? 8 : 20,
          border: `1px solid ${nodeColours[node.kind].border}`,
          background: nodeColours[node.kind].background,
          fontWeight: node.kind === 'stage' ? 600 : 400,
          fontSize: 13,
        },
      };
    });
    const flowEdges: Edge[] = graph.edges.map((edge) => {
      const style = edgeStyles[edge.kind];
      return {
        id: edge.id,
        source: edge.source,
        target: edge.target,
        ...(style.label ? { label: style.label } : {}),
        labelStyle: { fontSize: 11 },
        style: { stroke: style.stroke, ...(style.dash ? { strokeDasharray: style.dash } : {}) },
        markerEnd: { type: MarkerType.ArrowClosed, color: style.stroke },
      };
    });
    return { nodes: flowNodes, edges: flowEdges };
  }, [graph, starting, direction, labels]);

  return (
    <div>
      <Group justify="space-between" mb="sm">
        <Text fz="sm" c="dimmed">
          {graph.nodes.length === 0 ? 'Nothing to draw yet: add a stage.' : 'Click a box to edit it. Scroll or use the controls to zoom.'}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Layout direction"
          value={direction}
          onChange={(value) => setDirection(value)}
          data={[
            { value: 'BT', label: 'Bottom to top' },
            { value: 'RL', label: 'Right to left' },
          ]}
        />
      </Group>
      <FlowCanvas
        nodes={nodes}
        edges={edges}
        testId="flow-chart"
        onNodeClick={(_event, node: Node<NodeData>) => onSelect(node.data.kind, node.id)}
      />
    </div>
  );
};
