import { Badge, Group, Text, Tooltip } from '@mantine/core';

const shownAtMost = 3;

/** A learner's tags as badges; past the first few, a count whose tooltip names the rest. */
export const TagBadges = ({ tags }: { tags: readonly string[] }) => {
  if (tags.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No tags
      </Text>
    );
  const rest = tags.slice(shownAtMost);
  return (
    <Group gap={4} wrap="wrap">
      {tags.slice(0, shownAtMost).map((tag) => (
        <Badge key={tag} variant="light" color="gray" radius="sm" tt="none" fw={500} maw={160}>
          {tag}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Tooltip label={rest.join(', ')} multiline maw={280}>
          <Badge variant="outline" color="gray" radius="sm" tt="none" fw={500} aria-label={`and ${rest.join(', ')}`}>
            +{rest.length}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
};
