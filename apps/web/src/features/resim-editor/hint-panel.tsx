import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { Textarea } from './form-fields';
import { hint as hintSchema, impactSuggestions, resolveTextSet, type Hint } from '@resim/domain';
import type { PanelProps } from './editor-types';
import { ImpactsInput, MeasureConditionsInput } from './impacts-input';

/**
 * The hint (SPEC 3: measureConditions, impact): offered to a learner when its conditions hold;
 * taking it applies its impact, which is its cost.
 */
export const HintPanel = ({ content, readOnly, onChange }: PanelProps) => {
  const { hint } = content;
  const labels = resolveTextSet(content);
  const update = (fields: Partial<Hint>, key?: string) =>
    onChange((draft) => ({ ...draft, hint: { ...(draft.hint ?? hintSchema.parse({})), ...fields } }), key);
  return (
    <Paper radius="md" p="lg" maw={860}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="md" fw={600}>
            Hint
          </Title>
          <Text fz="sm" c="dimmed">
            Learners see “{labels.hintCTA}” when the conditions hold. Taking the hint applies its impact: make it cost something, such as
            points.
          </Text>
        </div>
        <Switch
          label="Offer a hint"
          checked={hint !== null}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            onChange((draft) => ({ ...draft, hint: on ? (draft.hint ?? hintSchema.parse({})) : null }));
          }}
          disabled={readOnly}
        />
        {hint ? (
          <>
            <Textarea
              label="Hint text"
              description="What the learner reads on taking the hint."
              value={hint.text}
              onChange={(event) => update({ text: event.currentTarget.value }, 'hint/text')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={5000}
              readOnly={readOnly}
            />
            <MeasureConditionsInput
              legend="Offered when"
              conditions={hint.measureConditions}
              measures={content.measures}
              readOnly={readOnly}
              onChange={(measureConditions) => update({ measureConditions })}
            />
            <ImpactsInput
              legend="Cost of taking it"
              impacts={hint.impact}
              measures={content.measures}
              suggestions={impactSuggestions(content)}
              readOnly={readOnly}
              onChange={(impact) => update({ impact })}
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
};
