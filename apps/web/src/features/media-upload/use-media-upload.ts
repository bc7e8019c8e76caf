import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaProp, UploadLimits } from '@resim/contracts';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { createChunkedUpload, type ChunkedUpload, type UploadSnapshot } from './chunked-upload';
import { apiUploadTransport } from './api-transport';
import { fileProblem, sendsWhole } from './upload-rules';
import { createWholeUpload } from './whole-upload';

export type FileUpload = {
  readonly fileName: string;
  readonly fileType: string;
  /** the picture itself while an image goes up, shown before the server has it */
  readonly previewUrl: string | null;
  /** whether it goes in parts, which can be paused and resumed */
  readonly pausable: boolean;
  readonly snapshot: UploadSnapshot;
};

export type MediaUpload = {
  readonly upload: FileUpload | null;
  /** why the last file chosen was not sent */
  readonly problem: string | null;
  readonly begin: (file: File) => void;
  readonly pause: () => void;
  readonly resume: () => void;
  readonly cancel: () => void;
  /** forgets a finished, failed or cancelled upload */
  readonly dismiss: () => void;
};

/**
 * One file at a time into one medium's address: the file is checked, sent (in parts of the
 * server's chunk size, or whole when a small image), and its address handed to `onUploaded`.
 * Leaving (the medium removed, the editor closed) cancels what is still going.
 */
export const useMediaUpload = ({
  prop,
  onUploaded,
}: {
  prop: MediaProp;
  onUploaded: (url: string, fileName: string) => void;
}): MediaUpload => {
  const api = useApi();
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<FileUpload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef<ChunkedUpload | null>(null);
  const preview = useRef<string | null>(null);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const forget = useCallback(() => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    running.current = null;
  }, []);

  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = running.current;
      if (current && current.snapshot().status !== 'done') void current.cancel();
      forget();
    };
  }, [forget]);

  const send = (file: File, limits: UploadLimits) => {
    // The medium went while the limits were on their way.
    if (!mounted.current) return;
    const refused = fileProblem(file, prop, limits);
    setProblem(refused ?? null);
    if (refused) return;
    const previous = running.current;
    if (previous && previous.snapshot().status !== 'done') void previous.cancel();
    forget();
    const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    preview.current = previewUrl;
    const whole = sendsWhole(file, limits);
    const onChange = (snapshot: UploadSnapshot) => {
      if (running.current !== started) return;
      setUpload({ fileName: file.name, fileType: file.type, previewUrl, pausable: !whole, snapshot });
      if (snapshot.status === 'done' && snapshot.url) uploaded.current(snapshot.url, file.name);
    };
    const started: ChunkedUpload = whole
      ? createWholeUpload({ file, send: (body) => api.uploads.image({ ...body, prop }), onChange })
      : createChunkedUpload({ file, transport: apiUploadTransport(api, prop), chunkBytes: limits.chunkSize, onChange });
    running.current = started;
    void started.start();
  };

  // The server's limits (its chunk size among them) come with the web configuration, read once.
  const begin = (file: File) => {
    queryClient.ensureQueryData({ queryKey: queryKeys.webConfig, queryFn: ({ signal }) => api.config(signal), staleTime: Infinity }).then(
      (config) => send(file, config.uploads),
      (error: unknown) => setProblem(`${file.name} was not sent: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  return {
    upload,
    problem,
    begin,
    pause: () => running.current?.pause(),
    resume: () => void running.current?.resume(),
    cancel: () => void running.current?.cancel(),
    dismiss: () => {
      forget();
      setUpload(null);
      setProblem(null);
    },
  };
};
