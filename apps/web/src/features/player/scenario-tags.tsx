import { Badge, Text } from '@mantine/core';

/** Beside a learner's scenario: whether it was given to them, and its join code. */
export const ScenarioTags = ({ given, code }: { given: boolean; code: string }) => (
  <>
    {given ? (
      <Badge size="sm" variant="outline" color="indigo">
        Given to you
      </Badge>
    ) : null}
    <Text fz="xs" c="dimmed">
      Code {code}
    </Text>
  </>
);
