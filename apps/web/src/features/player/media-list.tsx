import { Anchor, Box, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MediaItem, MediaSet } from '@resim/domain';
import { IconExternalLink, IconFile, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mediaKindOfAddress, type MediaKind } from '../../ui/media-kind';
import classes from './media-list.module.css';

const fileName = (url: string): string => url.split(/[?#]/)[0]?.split('/').pop() || 'File';

const Figure = ({ caption, children }: { caption: string; children: ReactNode }) => (
  <Stack gap={4} component="figure" m={0} className={classes.figure}>
    {children}
    {caption ? (
      <Text component="figcaption" fz="xs" c="dimmed">
        {caption}
      </Text>
    ) : null}
  </Stack>
);

const Picture = ({ image }: { image: MediaItem }) => (
  <Figure caption={image.description}>
    <Anchor href={image.url} target="_blank" rel="noreferrer" aria-label={`${image.description || 'Image'} (opens full size)`}>
      <Image src={image.url} alt={image.description} radius="sm" fit="contain" mah={320} bg="gray.1" className={classes.fit} />
    </Anchor>
  </Figure>
);

const Video = ({ video }: { video: MediaItem }) => (
  <Figure caption={video.description}>
    {/* playsInline keeps a phone from taking the whole screen the moment the video starts */}
    <video src={video.url} controls playsInline preload="metadata" className={classes.video} aria-label={video.description || 'Video'} />
  </Figure>
);

const Audio = ({ audio }: { audio: MediaItem }) => (
  <Figure caption={audio.description}>
    <audio src={audio.url} controls preload="metadata" className={classes.fit} aria-label={audio.description || 'Audio'} />
  </Figure>
);

const FileLink = ({ file, pdf }: { file: MediaItem; pdf: boolean }) => {
  const Icon = pdf ? IconFileTypePdf : IconFile;
  return (
    <Anchor href={file.url} target="_blank" rel="noreferrer" fz="sm" className={classes.link}>
      <Group gap={6} wrap="nowrap">
        <Icon size={18} aria-hidden />
        <span className={classes.name}>{file.description || fileName(file.url)}</span>
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
};

/**
 * A PDF opens in the device's own viewer, in a new tab: phones' browsers do not show a PDF inside
 * a page, and the files' addresses may not be framed.
 */
const Pdf = ({ file }: { file: MediaItem }) => (
  <Paper withBorder p="xs" radius="sm">
    <FileLink file={file} pdf />
  </Paper>
);

/** What a medium of a list holds: its list says, unless its address names a kind the list also takes. */
const kindOf = (item: MediaItem, list: 'images' | 'videos' | 'files'): MediaKind | null => {
  const named = mediaKindOfAddress(item.url);
  if (list === 'images') return 'image';
  if (list === 'videos') return named === 'audio' ? 'audio' : 'video';
  return named;
};

/** Images, videos, audio and files of a fact, an info or the stage, sized to the learner's screen. */
export const MediaList = ({ media }: { media: MediaSet }) => {
  if (media.images.length + media.videos.length + media.files.length === 0) return null;
  const all = [
    ...media.images.map((item) => ({ item, kind: kindOf(item, 'images') })),
    ...media.videos.map((item) => ({ item, kind: kindOf(item, 'videos') })),
    ...media.files.map((item) => ({ item, kind: kindOf(item, 'files') })),
  ];
  const pictures = all.filter(({ kind }) => kind === 'image');
  const players = all.filter(({ kind }) => kind === 'video' || kind === 'audio');
  const documents = all.filter(({ kind }) => kind === 'pdf' || kind === null);
  return (
    <Stack gap="sm" className={classes.list}>
      {pictures.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {pictures.map(({ item }) => (
            <Picture key={item.id} image={item} />
          ))}
        </SimpleGrid>
      ) : null}
      {players.map(({ item, kind }) => (kind === 'audio' ? <Audio key={item.id} audio={item} /> : <Video key={item.id} video={item} />))}
      {documents.length > 0 ? (
        <Box>
          <Stack gap="xs">
            {documents.map(({ item, kind }) =>
              kind === 'pdf' ? <Pdf key={item.id} file={item} /> : <FileLink key={item.id} file={item} pdf={false} />,
            )}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
};
