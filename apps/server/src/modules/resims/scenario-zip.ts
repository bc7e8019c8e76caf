import { Inflate, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { badRequest } from '../../errors/app-error';

/** One file of a zip as its central directory declares it. */
export type ZipEntry = {
  readonly name: string;
  /** 0 stored, 8 deflated */
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  /** where its compressed bytes start */
  readonly offset: number;
};

const notZip = () => badRequest('The file is not a zip');

/**
 * The entries of a zip, read from its central directory: the file's end, which says where each
 * entry is and how large, without inflating anything. Zip64 (files past 4 GB) is not read.
 */
export const zipEntries = (zip: Uint8Array): ZipEntry[] => {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end record is the last 22 bytes, or more with a comment of up to 65,535 bytes.
  let end = zip.length - 22;
  const lowest = Math.max(0, zip.length - 22 - 65_535);
  while (end >= lowest && u32(end) !== 0x06054b50) end -= 1;
  if (end < lowest) throw notZip();
  const count = u16(end + 10);
  let at = u32(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw badRequest('The zip is in the zip64 format, which is not read; make it anew by Export');
  const names = new TextDecoder('utf-8', { fatal: false });
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || u32(at) !== 0x02014b50) throw notZip();
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    if (local + 30 > zip.length || u32(local) !== 0x04034b50) throw notZip();
    const offset = local + 30 + u16(local + 26) + u16(local + 28);
    const entry: ZipEntry = {
      name: names.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      offset,
    };
    if (entry.offset + entry.compressedSize > zip.length) throw notZip();
    if (u16(at + 8) & 1) throw badRequest(`${entry.name} is encrypted; a scenario zip is not`);
    entries.push(entry);
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return entries;
};

/**
 * An entry's bytes, never more than its declared size: inflating stops as soon as it would pass
 * it, so a small entry that unpacks to gigabytes (a zip bomb) costs no more than its declared size.
 */
export const entryBytes = (zip: Uint8Array, entry: ZipEntry): Uint8Array => {
  const compressed = zip.subarray(entry.offset, entry.offset + entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw badRequest(`${entry.name} is not the size its zip says`);
    return compressed;
  }
  if (entry.method !== 8) throw badRequest(`${entry.name} is compressed in a way that is not read (method ${entry.method})`);
  const out = new Uint8Array(entry.size);
  let length = 0;
  const inflate = new Inflate((chunk) => {
    if (length + chunk.length > entry.size) throw badRequest(`${entry.name} unpacks to more than the size its zip says`);
    out.set(chunk, length);
    length += chunk.length;
  });
  const step = 64 * 1024;
  try {
    for (let start = 0; start < compressed.length; start += step) {
      inflate.push(compressed.subarray(start, start + step), start + step >= compressed.length);
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'number') throw badRequest(`${entry.name} cannot be unpacked`);
    throw error;
  }
  if (length !== entry.size) throw badRequest(`${entry.name} is not the size its zip says`);
  return out;
};

/** A file to put in a zip: its bytes whole (compressed), or its chunks as they come (stored as they are). */
export type ZipSource =
  { readonly name: string; readonly bytes: Uint8Array } | { readonly name: string; readonly chunks: () => AsyncIterable<Uint8Array> };

/**
 * A zip made as it is sent: the media are already compressed and are stored, streamed from the
 * store a chunk at a time, so that no file is held whole. `after` is asked once every source is
 * written, for the files that describe them.
 */
export async function* zipStream(sources: readonly ZipSource[], after: () => readonly ZipSource[]): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  };
  const write = async function* (source: ZipSource) {
    if ('bytes' in source) {
      const file = new ZipDeflate(source.name, { level: 6 });
      zip.add(file);
      file.push(source.bytes, true);
      yield* drain();
      return;
    }
    const file = new ZipPassThrough(source.name);
    zip.add(file);
    for await (const chunk of source.chunks()) {
      file.push(chunk, false);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  };
  for (const source of sources) yield* write(source);
  for (const source of after()) yield* write(source);
  zip.end();
  yield* drain();
}
