import { Badge, Button, Card, Grid, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import type { TemplateMetadata } from '@resim/contracts';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useEmailTemplate, useEmailTemplates } from './email-template-queries';
import { TemplateEditor } from './template-editor';
import { LoadFailed } from '../../ui/load-failed';
import { DiscardChangesModal } from './template-modals';

/** Which template the editor shows: one by name, or a new one. */
type Selection = { kind: 'template'; name: string } | { kind: 'new' };

const TemplateList = (props: {
  templates: readonly TemplateMetadata[];
  selected: Selection | null;
  onSelect: (selection: Selection) => void;
}) => (
  <Card padding="sm" radius="md" component="nav" aria-label="Email templates">
    <Stack gap={4}>
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => props.onSelect({ kind: 'new' })} mb="xs">
        New template
      </Button>
      {props.templates.map((template) => {
        const active = props.selected?.kind === 'template' && props.selected.name === template.templateName;
        return (
          <NavLink
            key={template.templateName}
            component="button"
            type="button"
            active={active}
            aria-current={active ? 'true' : undefined}
            onClick={() => props.onSelect({ kind: 'template', name: template.templateName })}
            leftSection={<IconMail size={16} stroke={1.7} />}
            label={
              <Text fz="sm" fw={500} truncate>
                {template.templateName}
              </Text>
            }
            description={
              <Group gap={4} mt={2}>
                {template.builtIn ? (
                  <Badge size="xs" variant="light" color="blue">
                    Built-in
                  </Badge>
                ) : (
                  <Badge size="xs" variant="light" color="gray">
                    Custom
                  </Badge>
                )}
                {template.customised ? (
                  <Badge size="xs" variant="light" color="grape">
                    Customised
                  </Badge>
                ) : null}
              </Group>
            }
            variant="light"
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        );
      })}
    </Stack>
  </Card>
);

/** Loads the chosen template into a fresh editor; a reset or a first save of a built-in one starts it afresh. */
const EditorFor = (props: {
  selection: Selection;
  onSaved: (name: string) => void;
  onDeleted: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) => {
  const name = props.selection.kind === 'template' ? props.selection.name : null;
  const template = useEmailTemplate(name);
  if (name === null) return <TemplateEditor key="new" template={null} {...props} />;
  if (template.isPending)
    return (
      <Card padding="lg" radius="md" aria-busy="true" aria-label="Loading template">
        <Stack gap="md">
          <Skeleton height={24} width={240} />
          <Skeleton height={36} />
          <Skeleton height={220} />
        </Stack>
      </Card>
    );
  if (template.isError) return <LoadFailed what="The template" onRetry={() => void template.refetch()} />;
  return <TemplateEditor key={`${name}:${template.data.customised}`} template={template.data} {...props} />;
};

/** The templates tab: the list beside the editor of the one chosen. */
export const TemplatesPanel = () => {
  const templates = useEmailTemplates();
  const [chosen, setChosen] = useState<Selection | null>(null);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Selection | null>(null);
  const first = templates.data?.[0];
  const selection: Selection | null = chosen ?? (first ? { kind: 'template', name: first.templateName } : null);

  const select = (next: Selection) => {
    if (dirty) setPending(next);
    else setChosen(next);
  };
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  if (templates.isPending)
    return (
      <Grid aria-busy="true" aria-label="Loading templates">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Skeleton height={280} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Skeleton height={420} radius="md" />
        </Grid.Col>
      </Grid>
    );
  if (templates.isError) return <LoadFailed what="Your email templates" onRetry={() => void templates.refetch()} />;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <TemplateList templates={templates.data} selected={selection} onSelect={select} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        {selection ? (
          <EditorFor
            key={selection.kind === 'new' ? 'new' : selection.name}
            selection={selection}
            onSaved={(name) => setChosen({ kind: 'template', name })}
            onDeleted={() => {
              setDirty(false);
              setChosen(null);
            }}
            onDirtyChange={onDirtyChange}
          />
        ) : null}
      </Grid.Col>
      <DiscardChangesModal
        opened={pending !== null}
        onConfirm={() => {
          setDirty(false);
          setChosen(pending);
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </Grid>
  );
};
