import type { FlowNodeKind } from '@resim/domain';
import { resolveTextSet } from '@resim/domain';
import { Stack, Text } from '@mantine/core';
import { FlowChart } from '../flow-chart/flow-chart';
import { startingStagesText } from './stage-order';
import type { PanelProps } from './editor-types';

const tabOfKind = { stage: 'stages', action: 'actions', conclusion: 'conclusions' } as const;

/** SPEC 2 flow chart sub-screen: clicking a box opens that item in its own sub-screen. */
export const FlowPanel = ({ content, onOpen }: PanelProps) => {
  const text = resolveTextSet(content);
  const labels: Record<FlowNodeKind, string> = { stage: text.stage, action: text.actions, conclusion: text.conclusion };
  return (
    <Stack gap="xs">
      {content.stages.length > 0 ? <Text fz="sm">{startingStagesText(content)}</Text> : null}
      <FlowChart content={content} labels={labels} onSelect={(kind, id) => onOpen?.(tabOfKind[kind], id)} />
    </Stack>
  );
};
