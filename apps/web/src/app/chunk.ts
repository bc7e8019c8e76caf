import { chunkLoadTimeoutMs } from '@resim/domain';

export type ChunkFailureType = 'error' | 'timeout';

/** SPEC 8: 'Loading chunk {id} failed', with the failure type and the chunk address. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunkId: string;
  readonly type: ChunkFailureType;
  /** the address of the file that did not load, when the browser said which */
  readonly address: string | null;

  constructor(chunkId: string, type: ChunkFailureType, address: string | null, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunkId} failed`, options);
    this.chunkId = chunkId;
    this.type = type;
    this.address = address;
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** Browsers name the module that failed in the message ("Failed to fetch dynamically imported module: <url>"). */
export const chunkAddressOf = (error: unknown): string | null => {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)/.exec(text);
  return match?.[1] ?? null;
};

export type ChunkTimer = {
  readonly set: (callback: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
};

const browserTimer: ChunkTimer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Loads a code chunk, turning a failure or a load slower than the time-out (SPEC 9: 120 s) into
 * a ChunkLoadError that names the chunk.
 */
export const loadChunk = <T>(
  chunkId: string,
  load: () => Promise<T>,
  options: { timeoutMs?: number; timer?: ChunkTimer } = {},
): Promise<T> => {
  const timer = options.timer ?? browserTimer;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const handle = timer.set(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(chunkId, 'timeout', null));
    }, options.timeoutMs ?? chunkLoadTimeoutMs);
    load().then(
      (module) => {
        if (settled) return;
        settled = true;
        timer.clear(handle);
        resolve(module);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        timer.clear(handle);
        reject(new ChunkLoadError(chunkId, 'error', chunkAddressOf(error), { cause: error }));
      },
    );
  });
};
