import crypto from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';

const blockSize = 1 << 20;

/** The start of an MP4 file: its ftyp box, which tells what the rest is. */
export const mp4Head = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/**
 * The bytes [start, end) of a file of pseudo-random content that begins as an MP4: made a block at
 * a time as they are read, so a file of any size is never held whole.
 */
export const fileBytes = (start: number, end: number, seed = 1): Readable => {
  let state = seed >>> 0 || 1;
  const base = Buffer.alloc(blockSize);
  for (let i = 0; i < blockSize; i += 4) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    base.writeUInt32LE(state >>> 0, i);
  }
  const blockOf = (index: number) => {
    const block = Buffer.from(base);
    block.writeUInt32LE(index, 64);
    if (index === 0) mp4Head.copy(block);
    return block;
  };
  return Readable.from(
    (function* () {
      for (let index = Math.floor(start / blockSize); index * blockSize < end; index++) {
        const from = Math.max(start - index * blockSize, 0);
        const to = Math.min(end - index * blockSize, blockSize);
        yield blockOf(index).subarray(from, to);
      }
    })(),
  );
};

export const sha256Of = async (stream: Readable): Promise<string> => {
  const hash = crypto.createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** PUTs a stream to an address, as a browser sends a part; answers the status and the ETag header. */
export const putStream = (
  url: string,
  body: Readable,
  length: number,
): Promise<{ status: number; etag: string | undefined; text: string }> =>
  new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { 'content-length': length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, etag: response.headers.etag, text: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    body.pipe(request);
  });

/** GETs an address; answers the status, headers and the hash of the body, read as it comes. */
export const getHashed = (url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; sha256: string; size: number }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let size = 0;
        const hash = crypto.createHash('sha256');
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, sha256: hash.digest('hex'), size }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
