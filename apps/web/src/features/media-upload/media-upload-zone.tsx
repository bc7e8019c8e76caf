import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPlayerPause, IconPlayerPlay, IconUpload, IconX } from '@tabler/icons-react';
import type { MediaProp } from '@resim/contracts';
import { acceptedTypes } from './upload-rules';
import { useMediaUpload, type FileUpload } from './use-media-upload';
import classes from './media-upload-zone.module.css';

const percentOf = ({ sent, total }: FileUpload['snapshot']): number => (total === 0 ? 100 : Math.floor((sent / total) * 100));

const statusText = (upload: FileUpload): string => {
  const { status, error } = upload.snapshot;
  if (status === 'done') return 'Uploaded';
  if (status === 'paused') return 'Paused';
  if (status === 'cancelled') return 'Cancelled';
  if (status === 'failed') return `${upload.fileName} was not uploaded: ${error ?? 'the upload failed'}`;
  return `${percentOf(upload.snapshot)}%`;
};

/** One file on its way: its progress, and pause, resume and cancel as it stands. */
const UploadProgress = ({ upload, controls }: { upload: FileUpload; controls: ReturnType<typeof useMediaUpload> }) => {
  const { status } = upload.snapshot;
  const name = upload.fileName;
  const going = status === 'uploading' || status === 'paused' || status === 'failed';
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Text fz="xs" truncate="end" maw={200} title={name}>
          {name}
        </Text>
        <Progress.Root size="md" style={{ flex: 1, minWidth: 60 }}>
          <Progress.Section
            value={percentOf(upload.snapshot)}
            color={status === 'failed' ? 'red' : status === 'done' ? 'teal' : undefined}
            animated={status === 'uploading'}
            aria-label={`Upload of ${name}`}
          />
        </Progress.Root>
        <Text fz="xs" c={status === 'failed' ? 'red.9' : 'dimmed'} miw={36} ta="right" aria-live="polite">
          {status === 'failed' ? 'Stopped' : statusText(upload)}
        </Text>
        {status === 'uploading' && upload.pausable ? (
          <Tooltip label="Pause">
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Pause the upload of ${name}`} onClick={controls.pause}>
              <IconPlayerPause size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {status === 'paused' || status === 'failed' ? (
          <Tooltip label="Resume">
            <ActionIcon size="sm" variant="subtle" aria-label={`Resume the upload of ${name}`} onClick={controls.resume}>
              <IconPlayerPlay size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {going ? (
          <Tooltip label="Cancel">
            <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Cancel the upload of ${name}`} onClick={controls.cancel}>
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label="Dismiss">
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Dismiss the upload of ${name}`} onClick={controls.dismiss}>
              {status === 'done' ? <IconCheck size={14} /> : <IconX size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {status === 'failed' ? (
        <Text fz="xs" c="red.9" role="alert">
          {statusText(upload)}
        </Text>
      ) : null}
    </Stack>
  );
};

const hasFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');

/**
 * Upload beside a medium's address (SPEC 7): a button that picks a file, the medium itself a
 * place to drop one, and the file's progress. Once the file is stored its address fills the
 * medium. `children` draws the medium, given the file on its way (for its preview).
 */
export const MediaUploadZone = ({
  prop,
  noun,
  label,
  readOnly,
  onUploaded,
  takeFile,
  children,
}: {
  /** the scenario property the medium is in, which says what files it takes */
  prop: MediaProp;
  noun: string;
  /** names the medium among the others, as its remove button does (e.g. 'Image 2') */
  label: string;
  readOnly: boolean;
  onUploaded: (url: string, fileName: string) => void;
  /** a file already given for this medium (dropped on its group), sent as soon as it shows */
  takeFile?: () => File | undefined;
  children: (upload: FileUpload | null) => ReactNode;
}) => {
  const controls = useMediaUpload({ prop, onUploaded });
  const [over, setOver] = useState(false);
  const begin = useRef(controls.begin);
  begin.current = controls.begin;
  const taken = useRef(takeFile);
  useEffect(() => {
    const file = taken.current?.();
    if (file) begin.current(file);
  }, []);
  if (readOnly) return <>{children(null)}</>;
  const { upload } = controls;
  const busy = upload?.snapshot.status === 'uploading';
  return (
    <Box
      role="group"
      aria-label={label}
      className={classes.zone}
      data-over={over || undefined}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        // Dropped on a medium, a file is for that medium, not a new one of the group around it.
        event.preventDefault();
        event.stopPropagation();
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        const [file] = event.dataTransfer.files;
        if (file) controls.begin(file);
      }}
    >
      {children(upload)}
      <Stack gap={4} mt={6} pl={{ base: 0, xs: 68 }}>
        <Group gap="xs">
          <FileButton onChange={(file) => file && controls.begin(file)} accept={acceptedTypes(prop).join(',')} disabled={busy}>
            {(props) => (
              <Button {...props} size="compact-xs" variant="default" leftSection={<IconUpload size={12} />}>
                Upload {noun}
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed">
            {over ? `Drop to upload this ${noun}` : `or drop a file here`}
          </Text>
        </Group>
        {controls.problem ? (
          <Text fz="xs" c="red.9" role="alert">
            {controls.problem}
          </Text>
        ) : null}
        {upload ? <UploadProgress upload={upload} controls={controls} /> : null}
      </Stack>
    </Box>
  );
};
