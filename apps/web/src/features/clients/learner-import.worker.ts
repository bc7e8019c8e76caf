import { readLearnerImport, type LearnerImport } from './learner-import';

export type ImportRequest = { readonly id: number; readonly text: string; readonly tagsForAll: readonly string[] };
export type ImportReply = { readonly id: number; readonly read: LearnerImport };

// The app's types are the page's (DOM); in a worker, postMessage takes the message alone.
const reply = (message: ImportReply) => (self as unknown as { postMessage: (message: ImportReply) => void }).postMessage(message);

self.addEventListener('message', (event: MessageEvent<ImportRequest>) => {
  reply({ id: event.data.id, read: readLearnerImport(event.data.text, event.data.tagsForAll) });
});
