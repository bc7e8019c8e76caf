import { useRef, useState, type DragEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  Fieldset,
  FileButton,
  Grid,
  Group,
  Image,
  MultiSelect,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { TextInput } from './form-fields';
import { mediaUrlProblem, nextId, type MediaItem } from '@resim/domain';
import type { MediaProp } from '@resim/contracts';
import { capitalise } from '../../ui/format';
import { mediaKindOfAddress, mediaKindOfType } from '../../ui/media-kind';
import { MediaUploadZone } from '../media-upload/media-upload-zone';
import { acceptedTypes } from '../media-upload/upload-rules';
import classes from '../media-upload/media-upload-zone.module.css';
import type { FileUpload } from '../media-upload/use-media-upload';
import {
  IconExternalLink,
  IconFile,
  IconFileTypePdf,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { Option } from './editor-types';
import { memoField } from './memo-fields';

export type MediaKind = 'image' | 'video' | 'file';

/** A medium, and for overview media the stages it is shown in (all when none are chosen). */
type Media = MediaItem & { readonly availableStages?: readonly string[] };

const nouns: Record<MediaKind, string> = { image: 'image', video: 'video', file: 'file' };
const examples: Record<MediaKind, string> = {
  image: 'https://… or /files/x-ray.png',
  video: 'https://… or /files/echo.mp4',
  file: 'https://… or /files/guideline.pdf',
};

type RowsProps<M extends Media> = {
  kind: MediaKind;
  /** the scenario property the list is, which says what files it takes */
  prop: MediaProp;
  items: readonly M[];
  readOnly: boolean;
  /** changes the list as it is in the draft, which may be ahead of what is shown */
  onChange: (change: (current: readonly M[]) => M[]) => void;
  /** the stages an overview medium may be limited to */
  stages?: readonly Option[];
  /** the file dropped on the group for a medium just made for it */
  takePending: (id: string) => File | undefined;
};

/** A new medium of a kind, with the lowest free id of that kind. */
const withNewMedia = <M extends Media>(kind: MediaKind, items: readonly M[], withStages: boolean): M[] => {
  const base = {
    id: nextId(
      kind,
      items.map((item) => item.id),
    ),
    url: '',
    description: '',
  };
  return [...items, (withStages ? { ...base, availableStages: [] } : base) as unknown as M];
};

const blank =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='56' height='56'%3E%3Crect width='56' height='56' fill='%23eef1f4'/%3E%3C/svg%3E";

const kindIcons = { image: IconPhoto, video: IconMovie, audio: IconMusic, pdf: IconFileTypePdf } as const;

/** A picture of the medium: the image itself, or an icon of what the file holds. */
const Thumbnail = ({
  kind,
  url,
  description,
  upload,
}: {
  kind: MediaKind;
  url: string;
  description: string;
  upload: FileUpload | null;
}) => {
  // A file that did not go up is not the medium: the address shows what it holds.
  const going = upload && upload.snapshot.status !== 'failed' && upload.snapshot.status !== 'cancelled' ? upload : null;
  if (kind === 'image') {
    const src = going?.previewUrl ?? (url !== '' && !mediaUrlProblem(url) ? url : null);
    return <Image src={src} alt={description || 'Preview'} w={56} h={56} radius="sm" fit="cover" mt={24} fallbackSrc={blank} />;
  }
  const held = going ? mediaKindOfType(going.fileType) : mediaKindOfAddress(url);
  const Icon = held ? kindIcons[held] : IconFile;
  return (
    <Center w={56} h={56} mt={24} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
      <Icon size={24} aria-hidden color="var(--mantine-color-gray-7)" />
    </Center>
  );
};

type RowProps<M extends Media> = Omit<RowsProps<M>, 'items' | 'onChange'> & {
  item: M;
  index: number;
  change: (id: string, fields: (item: M) => Partial<Media>) => void;
  remove: () => void;
};

/** One medium: its address (checked as it is typed, or filled by an upload), its description, and the stages it is shown in. */
const MediaRow = <M extends Media>({ kind, prop, item, index, readOnly, stages, change, remove, takePending }: RowProps<M>) => {
  const noun = nouns[kind];
  const problem = item.url === '' ? undefined : mediaUrlProblem(item.url);
  return (
    <MediaUploadZone
      prop={prop}
      noun={noun}
      label={`${capitalise(noun)} ${index + 1}`}
      readOnly={readOnly}
      takeFile={() => takePending(item.id)}
      onUploaded={(url, fileName) =>
        // A file's name labels its link well enough; an image's or a video's is poor alt text: its author is asked for one.
        change(item.id, (current) => ({
          url,
          description: kind === 'file' ? current.description || fileName.replace(/\.[^.]+$/, '') : current.description,
        }))
      }
    >
      {(upload) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Thumbnail kind={kind} url={item.url} description={item.description} upload={upload} />
          <Grid gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Grid.Col span={{ base: 12, sm: stages ? 5 : 6 }}>
              <TextInput
                label={`${capitalise(noun)} address`}
                placeholder={examples[kind]}
                value={item.url}
                onChange={(event) => {
                  const url = event.currentTarget.value;
                  change(item.id, () => ({ url }));
                }}
                onBlur={() => change(item.id, (current) => ({ url: current.url.trim() }))}
                error={item.url === '' ? (upload ? undefined : `Give the address of the ${noun} or upload it`) : problem}
                readOnly={readOnly}
                maxLength={2000}
                rightSection={
                  item.url !== '' && !problem ? (
                    <Anchor href={item.url} target="_blank" rel="noopener noreferrer" aria-label={`Open the ${noun}`} c="dimmed">
                      <IconExternalLink size={14} />
                    </Anchor>
                  ) : null
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: stages ? 4 : 6 }}>
              <TextInput
                label="Description"
                description={kind === 'file' ? undefined : 'What it shows, read to learners who cannot see it'}
                error={
                  kind !== 'file' && item.url !== '' && item.description.trim() === ''
                    ? `Describe the ${noun} for learners who cannot see it`
                    : undefined
                }
                value={item.description}
                onChange={(event) => {
                  const description = event.currentTarget.value;
                  change(item.id, () => ({ description }));
                }}
                readOnly={readOnly}
                maxLength={500}
              />
            </Grid.Col>
            {stages ? (
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <MultiSelect
                  label="Shown in"
                  data={stages as Option[]}
                  value={[...(item.availableStages ?? [])]}
                  onChange={(availableStages) => change(item.id, () => ({ availableStages }))}
                  placeholder={(item.availableStages ?? []).length === 0 ? 'Every stage' : undefined}
                  readOnly={readOnly}
                  clearable={!readOnly}
                  hidePickedOptions
                />
              </Grid.Col>
            ) : null}
          </Grid>
          {readOnly ? null : (
            <Tooltip label={`Remove this ${noun}`}>
              <ActionIcon variant="subtle" color="gray" size="lg" mt={24} aria-label={`Remove ${noun} ${index + 1}`} onClick={remove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </MediaUploadZone>
  );
};

/** One row per medium of a kind. */
const MediaRows = <M extends Media>({ items, onChange, ...rest }: RowsProps<M>) => {
  // Each change applies to the medium as it is in the draft, which may be ahead of what is shown.
  const change = (id: string, fields: (item: M) => Partial<Media>) =>
    onChange((current) => current.map((item) => (item.id === id ? { ...item, ...fields(item) } : item)));
  return (
    <>
      {items.map((item, index) => (
        <MediaRow
          key={item.id}
          {...rest}
          item={item}
          index={index}
          change={change}
          remove={() => onChange((current) => current.filter((other) => other.id !== item.id))}
        />
      ))}
    </>
  );
};

const AddMediaButton = ({ kind, onClick }: { kind: MediaKind; onClick: () => void }) => (
  <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onClick}>
    Add {nouns[kind]}
  </Button>
);

/** The list a file dropped on the group goes to: audio goes with the videos, a PDF with the files. */
const kindForFile = (type: string): MediaKind => {
  const kind = mediaKindOfType(type);
  return kind === 'image' ? 'image' : kind === 'video' || kind === 'audio' ? 'video' : 'file';
};

/** Where an item keeps its images, videos and files. */
export const factMedia = { image: 'factImages', video: 'factVideos', file: 'factFiles' } as const;
export const descriptionMedia = { image: 'descriptionImages', video: 'descriptionVideos', file: 'descriptionFiles' } as const;
type MediaKeys = typeof factMedia | typeof descriptionMedia;
type MediaKey<K extends MediaKeys> = K[MediaKind];

const kinds = ['image', 'video', 'file'] as const;

type MediaFieldsProps<K extends MediaKeys, M extends Media> = {
  /** the id of what the media belong to (an item, or the scenario for its overview) */
  owner: string;
  item: Readonly<Record<MediaKey<K>, readonly M[]>>;
  keys: K;
  /** what the media belong to, e.g. 'Result' gives 'Result media' */
  label: string;
  readOnly: boolean;
  /** changes one list as it is in the draft, which may be ahead of what is shown */
  onChange: (key: MediaKey<K>, change: (current: readonly M[]) => M[]) => void;
  /** for overview media: the stages each may be limited to */
  stages?: readonly Option[];
};

/** The images, videos and files of an item (its facts, its description, the overview) in one place. */
const MediaFieldsOf = <K extends MediaKeys, M extends Media = MediaItem>(props: MediaFieldsProps<K, M>) => {
  const listOf = (kind: MediaKind) => props.item[props.keys[kind] as MediaKey<K>];
  const set = (kind: MediaKind, change: (current: readonly M[]) => M[]) => props.onChange(props.keys[kind] as MediaKey<K>, change);
  const empty = kinds.every((kind) => listOf(kind).length === 0);
  // Files dropped on the group wait here for the medium made for each, which sends its own.
  const pending = useRef(new Map<string, File>());
  const [over, setOver] = useState(false);
  const addFiles = (files: readonly File[]) => {
    for (const file of files) {
      const kind = kindForFile(file.type);
      set(kind, (current) => {
        const next = withNewMedia(kind, current, props.stages !== undefined);
        const added = next[next.length - 1];
        if (added) pending.current.set(added.id, file);
        return next;
      });
    }
  };
  const takePending = (id: string): File | undefined => {
    const file = pending.current.get(id);
    pending.current.delete(id);
    return file;
  };
  const dropProps = props.readOnly
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setOver(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        },
        onDrop: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setOver(false);
          addFiles([...event.dataTransfer.files]);
        },
      };
  return (
    <Fieldset
      legend={`${props.label} media`}
      variant="filled"
      radius="md"
      className={classes.group}
      data-over={over || undefined}
      {...dropProps}
    >
      <Stack gap="sm">
        {empty ? (
          <Text fz="sm" c="dimmed">
            No images, videos or files.
          </Text>
        ) : null}
        {kinds.map((kind) => (
          <MediaRows
            key={kind}
            kind={kind}
            prop={props.keys[kind]}
            items={listOf(kind)}
            readOnly={props.readOnly}
            onChange={(change) => set(kind, change)}
            stages={props.stages}
            takePending={takePending}
          />
        ))}
        {props.readOnly ? null : (
          <Group gap="xs">
            {kinds.map((kind) => (
              <AddMediaButton
                key={kind}
                kind={kind}
                onClick={() => set(kind, (current) => withNewMedia(kind, current, props.stages !== undefined))}
              />
            ))}
            <FileButton onChange={addFiles} accept={kinds.flatMap((kind) => acceptedTypes(props.keys[kind])).join(',')} multiple>
              {(buttonProps) => (
                <Button {...buttonProps} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                  Upload files
                </Button>
              )}
            </FileButton>
            <Text fz="xs" c="dimmed">
              {over ? 'Drop to add each file here' : 'or drop files here'}
            </Text>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
};

const mediaKeys = [...Object.values(factMedia), ...Object.values(descriptionMedia)];
const sameMedia = (a: object, b: object): boolean =>
  mediaKeys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
const sameStageOptions = (a: readonly Option[] | undefined, b: readonly Option[] | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.length === b.length &&
    a.every((option, index) => option.value === b[index]?.value && option.label === b[index]?.label));

/** The media of an item, rendered again only when its media (or the stages to choose from) change. */
const MemoMediaFields = memoField(MediaFieldsOf, { item: sameMedia, stages: sameStageOptions }) as typeof MediaFieldsOf;

/**
 * The media of one item. A panel shows the item chosen in the same place as the one before it, and
 * every item numbers its media alike (each may have an image1): made anew for each item, its media
 * show their own uploads, refusals and dropped files, never those of the item shown before, and an
 * upload still going when the author turns to another item stops rather than filling that item's medium.
 */
export const MediaFields = <K extends MediaKeys, M extends Media = MediaItem>(props: MediaFieldsProps<K, M>) => (
  <MemoMediaFields<K, M> key={props.owner} {...props} />
);
