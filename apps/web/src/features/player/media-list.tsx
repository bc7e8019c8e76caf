import { Anchor, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MediaSet } from '@resim/domain';
import { IconFile } from '@tabler/icons-react';

/** Images, videos and files of a fact or of the stage, at the addresses the author gave. */
export const MediaList = ({ media }: { media: MediaSet }) => {
  if (media.images.length + media.videos.length + media.files.length === 0) return null;
  return (
    <Stack gap="sm">
      {media.images.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {media.images.map((image) => (
            <Stack key={image.id} gap={4} component="figure" m={0}>
              <Anchor href={image.url} target="_blank" rel="noreferrer" aria-label={`${image.description || 'Image'} (opens full size)`}>
                <Image src={image.url} alt={image.description} radius="sm" fit="contain" mah={320} bg="gray.1" />
              </Anchor>
              {image.description ? (
                <Text component="figcaption" fz="xs" c="dimmed">
                  {image.description}
                </Text>
              ) : null}
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
      {media.videos.map((video) => (
        <Stack key={video.id} gap={4} component="figure" m={0}>
          <video
            src={video.url}
            controls
            preload="metadata"
            style={{ width: '100%', borderRadius: 4, background: 'black' }}
            aria-label={video.description || 'Video'}
          />
          {video.description ? (
            <Text component="figcaption" fz="xs" c="dimmed">
              {video.description}
            </Text>
          ) : null}
        </Stack>
      ))}
      {media.files.length > 0 ? (
        <Group gap="xs">
          {media.files.map((file) => (
            <Anchor key={file.id} href={file.url} target="_blank" rel="noreferrer" fz="sm">
              <Group gap={4} wrap="nowrap">
                <IconFile size={16} aria-hidden />
                {file.description || file.url.split('/').pop() || 'File'}
              </Group>
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
};
