import type { ChunkedUpload, UploadSnapshot } from './chunked-upload';

const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(typeof reader.result === 'string' ? reader.result : ''));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read')));
    reader.readAsDataURL(file);
  });

/**
 * A small image sent whole, base64, in one request (SPEC 7 POST /admin/image), behind the same
 * controls as a chunked upload; there is nothing to pause, so pausing does nothing.
 */
export const createWholeUpload = (options: {
  readonly file: Blob;
  readonly send: (body: { fileType: string; content: string }) => Promise<{ readonly url: string }>;
  readonly onChange: (snapshot: UploadSnapshot) => void;
  readonly read?: (file: Blob) => Promise<string>;
}): ChunkedUpload => {
  const { file } = options;
  const read = options.read ?? readAsDataUrl;
  let state: UploadSnapshot = { status: 'paused', sent: 0, total: file.size, partsDone: 0, partCount: 1, error: null, url: null };
  let attempt = 0;
  const set = (changes: Partial<UploadSnapshot>) => {
    state = { ...state, ...changes };
    options.onChange(state);
  };
  // A cancel while the answer was on its way stands.
  const stillMine = (mine: number): boolean => mine === attempt && state.status === 'uploading';
  const run = async () => {
    if (state.status === 'uploading' || state.status === 'done' || state.status === 'cancelled') return;
    attempt += 1;
    const mine = attempt;
    set({ status: 'uploading', error: null, sent: 0 });
    try {
      const { url } = await options.send({ fileType: file.type, content: await read(file) });
      if (stillMine(mine)) set({ status: 'done', sent: file.size, partsDone: 1, url });
    } catch (error) {
      if (stillMine(mine)) set({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  };
  return {
    start: run,
    resume: run,
    pause: () => undefined,
    cancel: async () => {
      if (state.status === 'done') return;
      set({ status: 'cancelled', sent: 0 });
    },
    snapshot: () => state,
  };
};
