// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createChunkedUpload,
  partCountOf,
  partRange,
  RefusedError,
  type UploadedPart,
  type UploadSession,
  type UploadSnapshot,
  type UploadTransport,
} from './chunked-upload';

const abortError = () => new DOMException('Aborted', 'AbortError');

/** A store in memory behind the four calls of SPEC 7, recording what was asked of it. */
const fakeStore = () => {
  const uploads = new Map<string, Map<number, Uint8Array>>();
  const completed = new Map<string, Uint8Array>();
  const puts: number[] = [];
  const aborted: UploadSession[] = [];
  const completions: UploadedPart[][] = [];
  /** parts that fail the next n times they are sent */
  const failures = new Map<number, number>();
  /** a part that waits until the signal is aborted */
  let hangOn: number | null = null;
  let startGate: Promise<void> = Promise.resolve();

  const etagOf = (bytes: Uint8Array) => `"${bytes.reduce((sum, byte) => (sum * 31 + byte) % 1_000_007, 7)}"`;

  const transport: UploadTransport = {
    start: async ({ fileName }) => {
      await startGate;
      const key = `uploads/${uploads.size + 1}/${fileName}`;
      uploads.set(key, new Map());
      return { uploadId: `upload-${uploads.size}`, key };
    },
    partUrl: async (session, part, signal) => {
      if (signal.aborted) throw abortError();
      return `${session.key}#${part}`;
    },
    putPart: async (url, chunk, onProgress, signal) => {
      const [key = '', part = ''] = url.split('#');
      const number = Number(part);
      puts.push(number);
      if (hangOn === number) {
        onProgress(Math.floor(chunk.size / 2));
        return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(abortError())));
      }
      const failing = failures.get(number) ?? 0;
      if (failing > 0) {
        failures.set(number, failing - 1);
        throw new Error('Network connection lost');
      }
      const bytes = new Uint8Array(await chunk.arrayBuffer());
      onProgress(Math.floor(bytes.length / 2));
      onProgress(bytes.length);
      uploads.get(key)?.set(number, bytes);
      return etagOf(bytes);
    },
    complete: async (session, parts) => {
      completions.push([...parts]);
      const stored = uploads.get(session.key);
      if (!stored) throw new RefusedError('No such upload');
      const chunks = parts.map(({ ETag, PartNumber }) => {
        const bytes = stored.get(PartNumber);
        if (!bytes || etagOf(bytes) !== ETag) throw new RefusedError(`Part ${PartNumber} does not match its ETag`);
        return bytes;
      });
      const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        whole.set(chunk, offset);
        offset += chunk.length;
      }
      completed.set(session.key, whole);
      return `/files/${session.key}`;
    },
    abort: async (session) => {
      aborted.push(session);
      uploads.delete(session.key);
    },
  };
  return {
    transport,
    completed,
    puts,
    aborted,
    completions,
    failures,
    hang: (part: number | null) => {
      hangOn = part;
    },
    holdStart: () => {
      let release = () => undefined as void;
      startGate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
};

const fileOf = (size: number, name = 'scan.png', type = 'image/png') => {
  const bytes = new Uint8Array(size).map((_, index) => (index * 7 + 3) % 251);
  return { file: new File([bytes], name, { type }), bytes };
};

const setup = (size: number, extra: { attemptsPerPart?: number } = {}) => {
  const store = fakeStore();
  const { file, bytes } = fileOf(size);
  const snapshots: UploadSnapshot[] = [];
  const sleeps: number[] = [];
  const upload = createChunkedUpload({
    file,
    transport: store.transport,
    chunkBytes: 100,
    onChange: (snapshot) => snapshots.push(snapshot),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
  return { store, bytes, upload, snapshots, sleeps };
};

describe('parts of a file', () => {
  it('cuts a file into parts of the chunk size, the last one shorter', () => {
    expect(partCountOf(250, 100)).toBe(3);
    expect(partCountOf(300, 100)).toBe(3);
    expect(partCountOf(0, 100)).toBe(1);
    expect(partRange(3, 250, 100)).toEqual({ start: 200, end: 250 });
    expect(partRange(1, 250, 100)).toEqual({ start: 0, end: 100 });
  });
});

describe('a chunked upload (SPEC 7)', () => {
  it('sends every part in order and completes with their ETags, the file arriving whole', async () => {
    const { store, bytes, upload } = setup(250);
    await upload.start();

    expect(store.puts).toEqual([1, 2, 3]);
    expect(store.completions).toHaveLength(1);
    expect(store.completions[0]?.map((part) => part.PartNumber)).toEqual([1, 2, 3]);
    const [key] = [...store.completed.keys()];
    expect(store.completed.get(key ?? '')).toEqual(bytes);
    expect(upload.snapshot()).toMatchObject({ status: 'done', sent: 250, total: 250, partsDone: 3, url: `/files/${key}` });
  });

  it('tells the bytes sent as they go, never going back', async () => {
    const { upload, snapshots } = setup(250);
    await upload.start();
    const sent = snapshots.map((snapshot) => snapshot.sent);
    expect(sent).toContain(50);
    expect(sent).toContain(150);
    expect(sent).toContain(225);
    expect(sent.every((value, index) => index === 0 || value >= (sent[index - 1] ?? 0))).toBe(true);
  });

  it('sends a part again after a passing failure, waiting as SPEC 9 says', async () => {
    const { store, upload, snapshots, sleeps } = setup(250);
    store.failures.set(2, 1);
    await upload.start();
    expect(store.puts).toEqual([1, 2, 2, 3]);
    expect(sleeps).toEqual([50]);
    expect(snapshots.some((snapshot) => snapshot.status === 'failed')).toBe(false);
    expect(upload.snapshot().status).toBe('done');
  });

  it('stops as failed when a part keeps failing, then resumes with only the parts the store lacks', async () => {
    const { store, bytes, upload } = setup(250, { attemptsPerPart: 2 });
    store.failures.set(2, 2);
    await upload.start();
    expect(upload.snapshot()).toMatchObject({ status: 'failed', error: 'Network connection lost', partsDone: 1, sent: 100 });
    expect(store.completions).toHaveLength(0);

    await upload.resume();
    expect(store.puts).toEqual([1, 2, 2, 2, 3]);
    expect(upload.snapshot().status).toBe('done');
    expect([...store.completed.values()][0]).toEqual(bytes);
  });

  it('does not send again what the server refused', async () => {
    const { store, upload } = setup(150);
    const refusing = createChunkedUpload({
      file: fileOf(150).file,
      transport: {
        ...store.transport,
        partUrl: async () => {
          throw new RefusedError('Part number out of range');
        },
      },
      chunkBytes: 100,
      onChange: () => undefined,
      sleep: async () => undefined,
    });
    await refusing.start();
    expect(refusing.snapshot()).toMatchObject({ status: 'failed', error: 'Part number out of range' });
    expect(store.puts).toEqual([]);
    expect(upload.snapshot().status).toBe('paused');
  });

  it('pauses in the middle of a part and resumes from that part', async () => {
    const { store, bytes, upload } = setup(250);
    store.hang(2);
    const running = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(upload.snapshot()).toMatchObject({ status: 'uploading', sent: 150 });

    upload.pause();
    await running;
    expect(upload.snapshot()).toMatchObject({ status: 'paused', sent: 100, partsDone: 1 });

    store.hang(null);
    await upload.resume();
    expect(store.puts).toEqual([1, 2, 2, 3]);
    expect(upload.snapshot().status).toBe('done');
    expect([...store.completed.values()][0]).toEqual(bytes);
  });

  it('resumes at once after a pause, once the paused part has let go', async () => {
    const { store, bytes, upload } = setup(250);
    store.hang(2);
    const running = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    upload.pause();
    store.hang(null);
    const resumed = upload.resume();
    await Promise.all([running, resumed]);
    expect(store.puts).toEqual([1, 2, 2, 3]);
    expect([...store.completed.values()][0]).toEqual(bytes);
  });

  it('cancelling aborts the upload on the server and never completes it', async () => {
    const { store, upload } = setup(250);
    store.hang(2);
    const running = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await upload.cancel();
    await running;
    expect(store.aborted.map((session) => session.uploadId)).toEqual(['upload-1']);
    expect(store.completions).toHaveLength(0);
    expect(upload.snapshot()).toMatchObject({ status: 'cancelled', sent: 0 });

    await upload.resume();
    expect(store.puts).toEqual([1, 2]);
  });

  it('aborts an upload cancelled while it was still opening, once the server has opened it', async () => {
    const { store, upload } = setup(250);
    const release = store.holdStart();
    const running = upload.start();
    const cancelling = upload.cancel();
    release();
    await Promise.all([running, cancelling]);
    expect(store.aborted).toHaveLength(1);
    expect(store.puts).toEqual([]);
  });
});
