import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { moveStage, startingStages, type ScenarioContent, type Stage } from '@resim/domain';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ChangeContent } from './editor-types';

const nameOf = (stage: Pick<Stage, 'id' | 'name'>) => stage.name || stage.id;

/** The rule, stated with the stages it names today: those that open when a run starts. */
export const startingStagesText = (content: ScenarioContent): string => {
  const starting = startingStages(content).map(nameOf);
  if (starting.length === 0) return 'No stage opens when a run starts yet.';
  if (starting.length === 1) return `${starting[0]} opens when a run starts.`;
  return `${starting.slice(0, -1).join(', ')} and ${starting.at(-1)} open together when a run starts.`;
};

const StageRow = ({
  stage,
  position,
  count,
  starts,
  readOnly,
  onMove,
}: {
  stage: Stage;
  position: number;
  count: number;
  starts: boolean;
  readOnly: boolean;
  onMove: (to: number) => void;
}) => {
  const sortable = useSortable({ id: stage.id, disabled: readOnly });
  const name = nameOf(stage);
  return (
    <Group
      ref={sortable.setNodeRef}
      gap="xs"
      wrap="nowrap"
      px={4}
      py={2}
      data-stage-id={stage.id}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        background: sortable.isDragging ? 'var(--mantine-color-gray-1)' : undefined,
        borderRadius: 'var(--mantine-radius-sm)',
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
    >
      {readOnly ? null : (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Drag ${name}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      )}
      <Text fz="sm" c="dimmed" w={18} ta="right">
        {position + 1}
      </Text>
      <Text fz="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
        {name}
      </Text>
      {stage.default ? (
        <Badge size="xs" variant="light" color="blue" radius="sm">
          Default
        </Badge>
      ) : null}
      {starts ? (
        <Badge size="xs" variant="light" color="teal" radius="sm">
          Opens at start
        </Badge>
      ) : null}
      {readOnly ? null : (
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Move ${name} up`}
              disabled={position === 0}
              onClick={() => onMove(position - 1)}
            >
              <IconArrowUp size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Move ${name} down`}
              disabled={position === count - 1}
              onClick={() => onMove(position + 1)}
            >
              <IconArrowDown size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
};

/**
 * The order of the stages, which is the order learners see them in, set by drag (pointer or
 * keyboard) or by the move buttons; and, said plainly, which stages open when a run starts.
 */
export const StageOrder = ({ content, readOnly, onChange }: { content: ScenarioContent; readOnly: boolean; onChange: ChangeContent }) => {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const starting = new Set(startingStages(content).map((stage) => stage.id));
  const move = (stageId: string, to: number) => onChange((draft) => moveStage(draft, stageId, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = content.stages.findIndex((stage) => stage.id === over.id);
    if (to >= 0) move(String(active.id), to);
  };
  if (content.stages.length === 0) return null;
  return (
    <Paper radius="md" p="sm" mb="md" component="section" aria-labelledby="stage-order-title">
      <Stack gap={6}>
        <Title order={2} fz="md" fw={600} px={4} id="stage-order-title">
          Order of stages
        </Title>
        <Text fz="xs" c="dimmed" px={4}>
          Learners see the stages in this order. The default stage and every stage without requirements or openers open when a run starts;
          the others open when their requirements are met. {startingStagesText(content)}
        </Text>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={content.stages.map((stage) => stage.id)} strategy={verticalListSortingStrategy}>
            <Stack gap={0} role="list" aria-label="Order of stages">
              {content.stages.map((stage, position) => (
                <div role="listitem" key={stage.id}>
                  <StageRow
                    stage={stage}
                    position={position}
                    count={content.stages.length}
                    starts={starting.has(stage.id)}
                    readOnly={readOnly}
                    onMove={(to) => move(stage.id, to)}
                  />
                </div>
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      </Stack>
    </Paper>
  );
};
