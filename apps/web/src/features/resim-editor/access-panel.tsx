import { ActionIcon, Alert, Badge, Button, Grid, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { TextInput } from './form-fields';
import { matchesUserRestriction, userRestrictionProblem, type ScenarioContent } from '@resim/domain';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { PanelProps } from './editor-types';

type Flag = 'allowAnonymous' | 'allowSignin';

const accessSwitches: readonly { key: Flag; label: string; hint: string }[] = [
  { key: 'allowAnonymous', label: 'Allow anonymous learners', hint: 'Anyone with the code may join with a nickname, without an account.' },
  { key: 'allowSignin', label: 'Allow sign-in', hint: 'Learners may sign in, keep their results and see what is allocated to them.' },
];

const emailShape = /^[^\s@]+@[^\s@]+$/;

/** Tries an email against the patterns as they stand in the draft. */
const PatternTester = ({ patterns }: { patterns: readonly string[] }) => {
  const [email, setEmail] = useState('');
  const value = email.trim();
  const verdict = value === '' || !emailShape.test(value) ? null : matchesUserRestriction(value, patterns);
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <TextInput
        label="Try an email"
        placeholder="ann@hospital.org"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        style={{ flex: 1 }}
        type="email"
      />
      <Badge
        size="lg"
        radius="sm"
        tt="none"
        fw={500}
        mb={6}
        variant="light"
        color={verdict === null ? 'gray' : verdict ? 'teal' : 'red'}
        role="status"
        aria-live="polite"
      >
        {verdict === null ? 'Type an email' : verdict ? 'May join' : 'Refused'}
      </Badge>
    </Group>
  );
};

/**
 * Access: how learners join, and the user restriction patterns (SPEC 3 userRestriction.pattern)
 * that limit who may, checked as they are typed.
 */
export const AccessPanel = ({ content, readOnly, onChange }: PanelProps) => {
  const patterns = content.userRestriction.pattern;
  // Changes the patterns as they are in the draft, which may be ahead of what is shown.
  const setPatterns = (change: (current: readonly string[]) => string[], key?: string) =>
    onChange((draft) => ({ ...draft, userRestriction: { ...draft.userRestriction, pattern: change(draft.userRestriction.pattern) } }), key);
  const set = (key: Flag, value: ScenarioContent[Flag]) => onChange((draft) => ({ ...draft, [key]: value }));
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="md" fw={600}>
              Joining
            </Title>
            {accessSwitches.map((flag) => (
              <Switch
                key={flag.key}
                label={flag.label}
                description={flag.hint}
                checked={content[flag.key]}
                onChange={(event) => set(flag.key, event.currentTarget.checked)}
                disabled={readOnly}
              />
            ))}
            {!content.allowAnonymous && !content.allowSignin ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
                No learner can join while both are off.
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper radius="md" p="lg">
          <Stack gap="sm">
            <div>
              <Title order={2} fz="md" fw={600}>
                User restriction
              </Title>
              <Text fz="sm" c="dimmed">
                Only signed-in learners whose email matches one of these patterns may join. <code>*</code> stands for any characters:
                <code> *@hospital.org</code>, <code>*.nhs.uk</code>. No patterns: anyone who may join.
              </Text>
            </div>
            {patterns.length > 0 && content.allowAnonymous ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
                Anonymous learners have no email, so these patterns refuse them.
              </Alert>
            ) : null}
            {patterns.length === 0 ? (
              <Text fz="sm" c="dimmed">
                No patterns: nobody is refused by email.
              </Text>
            ) : null}
            {patterns.map((pattern, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={`Pattern ${index + 1}`}
                  placeholder="*@hospital.org"
                  value={pattern}
                  onChange={(event) => {
                    const typed = event.currentTarget.value;
                    setPatterns((current) => current.map((other, at) => (at === index ? typed : other)), `userRestriction/${index}`);
                  }}
                  error={userRestrictionProblem(pattern)}
                  readOnly={readOnly}
                  maxLength={254}
                  style={{ flex: 1 }}
                  ff="monospace"
                />
                {readOnly ? null : (
                  <Tooltip label="Remove this pattern">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`Remove pattern ${index + 1}`}
                      onClick={() => setPatterns((current) => current.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
            {readOnly ? null : (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setPatterns((current) => [...current, ''])}
                >
                  Add pattern
                </Button>
              </Group>
            )}
            <PatternTester patterns={patterns.filter((pattern) => userRestrictionProblem(pattern) === undefined)} />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
};
