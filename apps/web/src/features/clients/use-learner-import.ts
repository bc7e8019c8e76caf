import { useEffect, useRef, useState } from 'react';
import { readLearnerImport, type LearnerImport } from './learner-import';
import type { ImportReply, ImportRequest } from './learner-import.worker';

type Result = { readonly text: string; readonly tagsKey: string; readonly read: LearnerImport };

/**
 * The report on a list pasted or uploaded, read in a worker so that a file of ten thousand lines
 * never holds up the page; where workers are missing (or fail to start), read here instead.
 * `reading` is true while the report shown is for an earlier text.
 */
export const useLearnerImport = (text: string, tagsForAll: readonly string[]): { read: LearnerImport | null; reading: boolean } => {
  const [result, setResult] = useState<Result | null>(null);
  const worker = useRef<Worker | null>(null);
  const lastId = useRef(0);
  const tagsKey = tagsForAll.join('\n');
  const empty = text.trim() === '';

  useEffect(() => () => worker.current?.terminate(), []);

  useEffect(() => {
    if (empty) return;
    const tags = tagsKey === '' ? [] : tagsKey.split('\n');
    const readHere = () => setResult({ text, tagsKey, read: readLearnerImport(text, tags) });
    if (typeof Worker === 'undefined') {
      readHere();
      return;
    }
    worker.current ??= new Worker(new URL('./learner-import.worker.ts', import.meta.url), { type: 'module' });
    const id = (lastId.current += 1);
    const onMessage = (event: MessageEvent<ImportReply>) => {
      if (event.data.id === id) setResult({ text, tagsKey, read: event.data.read });
    };
    worker.current.addEventListener('message', onMessage);
    worker.current.addEventListener('error', readHere);
    worker.current.postMessage({ id, text, tagsForAll: tags } satisfies ImportRequest);
    const current = worker.current;
    return () => {
      current.removeEventListener('message', onMessage);
      current.removeEventListener('error', readHere);
    };
  }, [empty, text, tagsKey]);

  if (empty) return { read: null, reading: false };
  const upToDate = result !== null && result.text === text && result.tagsKey === tagsKey;
  return { read: result?.read ?? null, reading: !upToDate };
};
