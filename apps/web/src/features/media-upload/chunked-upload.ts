import { backoffDelay } from '../../api/backoff';

/** A part the store has taken, as POST /uploads/complete names it (SPEC 7). */
export type UploadedPart = { readonly ETag: string; readonly PartNumber: number };

/** A multipart upload the server has opened: SPEC 7's GET /uploads/start answer. */
export type UploadSession = { readonly uploadId: string; readonly key: string };

/** How the chunked protocol of SPEC 7 reaches the server and the store; faked in tests. */
export type UploadTransport = {
  /** GET /uploads/start?fileName=&fileType= */
  readonly start: (file: { readonly fileName: string; readonly fileType: string }, signal: AbortSignal) => Promise<UploadSession>;
  /** GET /uploads/parts?key=&part=&uploadId=: where to PUT one part */
  readonly partUrl: (session: UploadSession, part: number, signal: AbortSignal) => Promise<string>;
  /** PUTs one chunk to its presigned URL, telling the bytes sent so far; answers the store's ETag */
  readonly putPart: (url: string, chunk: Blob, onProgress: (sent: number) => void, signal: AbortSignal) => Promise<string>;
  /** POST /uploads/complete: answers the address the file is served at */
  readonly complete: (session: UploadSession, parts: readonly UploadedPart[]) => Promise<string>;
  /** gives the store's parts back when the upload is cancelled */
  readonly abort: (session: UploadSession) => Promise<void>;
};

export type UploadStatus = 'uploading' | 'paused' | 'failed' | 'cancelled' | 'done';

export type UploadSnapshot = {
  readonly status: UploadStatus;
  /** bytes the store has, counting the part on its way */
  readonly sent: number;
  readonly total: number;
  readonly partsDone: number;
  readonly partCount: number;
  /** why it stopped, when it failed */
  readonly error: string | null;
  /** the file's address once done */
  readonly url: string | null;
};

/** SPEC 7 sends a file in parts of the chunk size; an empty file is still one (empty) part. */
export const partCountOf = (size: number, chunkBytes: number): number => Math.max(1, Math.ceil(size / chunkBytes));

/** The bytes of a part (numbered from 1, as the store numbers them). */
export const partRange = (part: number, size: number, chunkBytes: number): { readonly start: number; readonly end: number } => ({
  start: (part - 1) * chunkBytes,
  end: Math.min(size, part * chunkBytes),
});

/** A failure that sending again will not mend: the server refused the request itself. */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

const isAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';
const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : String(error));

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export type ChunkedUploadOptions = {
  readonly file: Blob & { readonly name: string };
  readonly transport: UploadTransport;
  readonly chunkBytes: number;
  readonly onChange: (snapshot: UploadSnapshot) => void;
  /** how many times one part is sent before the upload stops as failed, the first try included */
  readonly attemptsPerPart?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
};

export type ChunkedUpload = {
  /** runs until the upload is done, paused, cancelled or has failed */
  readonly start: () => Promise<void>;
  /** stops sending; the parts the store has are kept for `resume` */
  readonly pause: () => void;
  /** sends only the parts the store does not have yet */
  readonly resume: () => Promise<void>;
  /** stops sending and has the server give the parts back */
  readonly cancel: () => Promise<void>;
  readonly snapshot: () => UploadSnapshot;
};

/**
 * SPEC 7's chunked upload of one file: open the upload, PUT each chunk to its presigned URL
 * keeping its ETag, then complete with every part. Parts go one after another, so progress is
 * the bytes of the finished parts plus those of the one on its way. The ETags are kept, so a
 * paused or failed upload resumes with the parts the store does not have.
 */
export const createChunkedUpload = (options: ChunkedUploadOptions): ChunkedUpload => {
  const { file, transport, chunkBytes } = options;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const attempts = Math.max(1, options.attemptsPerPart ?? 3);
  const count = partCountOf(file.size, chunkBytes);
  const etags = new Map<number, string>();
  let session: UploadSession | null = null;
  let controller: AbortController | null = null;
  let running: Promise<void> | null = null;
  let state: UploadSnapshot = {
    status: 'paused',
    sent: 0,
    total: file.size,
    partsDone: 0,
    partCount: count,
    error: null,
    url: null,
  };

  const set = (changes: Partial<UploadSnapshot>) => {
    state = { ...state, ...changes };
    options.onChange(state);
  };
  const bytesDone = (): number =>
    [...etags.keys()].reduce((sum, part) => {
      const { start, end } = partRange(part, file.size, chunkBytes);
      return sum + (end - start);
    }, 0);

  const sendPart = async (open: UploadSession, part: number, signal: AbortSignal): Promise<string> => {
    const { start, end } = partRange(part, file.size, chunkBytes);
    const chunk = file.slice(start, end);
    const before = bytesDone();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const url = await transport.partUrl(open, part, signal);
        return await transport.putPart(url, chunk, (sent) => set({ sent: before + Math.min(sent, end - start) }), signal);
      } catch (error) {
        if (isAbort(error) || error instanceof RefusedError || attempt >= attempts) throw error;
        set({ sent: before });
        await sleep(backoffDelay(attempt - 1, random));
        if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
      }
    }
  };

  const run = async (): Promise<void> => {
    const own = new AbortController();
    controller = own;
    set({ status: 'uploading', error: null, sent: bytesDone() });
    try {
      session ??= await transport.start({ fileName: file.name, fileType: file.type }, own.signal);
      if (own.signal.aborted) return;
      const open = session;
      for (let part = 1; part <= count; part += 1) {
        if (etags.has(part)) continue;
        const etag = await sendPart(open, part, own.signal);
        if (own.signal.aborted) return;
        etags.set(part, etag);
        set({ partsDone: etags.size, sent: bytesDone() });
      }
      const parts = [...etags.entries()].sort(([a], [b]) => a - b).map(([PartNumber, ETag]) => ({ ETag, PartNumber }));
      const url = await transport.complete(open, parts);
      if (own.signal.aborted) return;
      set({ status: 'done', url, sent: file.size });
    } catch (error) {
      // A pause or a cancel has already said where the upload stands.
      if (own.signal.aborted) return;
      set({ status: 'failed', error: messageOf(error), sent: bytesDone() });
    } finally {
      if (controller === own) controller = null;
    }
  };

  const go = (): Promise<void> => {
    if (state.status === 'done' || state.status === 'cancelled') return running ?? Promise.resolve();
    if (running) {
      // A resume right after a pause waits for the paused run to let go of its part.
      return state.status === 'uploading' ? running : running.then(go);
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    start: go,
    resume: go,
    pause: () => {
      if (state.status !== 'uploading') return;
      controller?.abort();
      set({ status: 'paused', sent: bytesDone() });
    },
    cancel: async () => {
      if (state.status === 'done' || state.status === 'cancelled') return;
      controller?.abort();
      set({ status: 'cancelled', sent: 0 });
      // An upload still opening is given back once the server has answered.
      await running?.catch(() => undefined);
      if (session) await transport.abort(session);
    },
    snapshot: () => state,
  };
};
