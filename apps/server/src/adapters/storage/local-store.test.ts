import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStore, type LocalFileStore } from './local-store';
import { isSafeKey } from './storage';

const key = 'abcdef0123456789abcdef01/clip.mp4';

describe('the embedded file store', () => {
  let dir: string;
  let store: LocalFileStore;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-files-'));
    // Parts of 2 bytes: every part but the last is that.
    store = await createLocalStore(dir, 2, 'https://sim.example.org/');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const address = async (uploadId: string, partNumber: number) => {
    const url = new URL(await store.partUrl(key, uploadId, partNumber, 60));
    const query = Object.fromEntries(url.searchParams);
    return { key, uploadId, partNumber, expires: Number(query.expires), signature: query.signature! };
  };

  it("hands out a part's address whole, under the product's public address, as S3 does", async () => {
    const uploadId = await store.startUpload(key, 'video/mp4');
    const url = await store.partUrl(key, uploadId, 1, 60);
    expect(url.startsWith(`https://sim.example.org/files/${key}?`)).toBe(true);
  });

  it('stops a part at the limit while it streams, keeping nothing of it', async () => {
    const uploadId = await store.startUpload(key, 'video/mp4');
    const refused = store.receivePart(await address(uploadId, 1), Readable.from([Buffer.from('ab'), Buffer.from('c')]));
    await expect(refused).rejects.toMatchObject({ status: 413, message: 'A part may be at most 2 bytes' });
    expect(await store.listParts(key, uploadId)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, '.parts', uploadId)).sort()).toEqual(['data', 'upload.json']);
  });

  it('keeps the last copy of a part sent twice, and makes the file of the parts named, in order', async () => {
    const uploadId = await store.startUpload(key, 'video/mp4');
    await store.receivePart(await address(uploadId, 3), Readable.from([Buffer.from('ef')]));
    await store.receivePart(await address(uploadId, 2), Readable.from([Buffer.from('cd')]));
    const first = await store.receivePart(await address(uploadId, 1), Readable.from([Buffer.from('xx')]));
    const etag = await store.receivePart(await address(uploadId, 1), Readable.from([Buffer.from('ab')]));
    expect(etag).not.toBe(first);
    const parts = (await store.listParts(key, uploadId))!;
    expect(parts.map((part) => [part.partNumber, part.size])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect(parts[0]!.etag).toBe(etag);
    await store.completeUpload(key, uploadId, parts.slice(0, 2));
    expect(fs.readFileSync(path.join(dir, key), 'utf8')).toBe('abcd');
    expect(fs.readdirSync(path.join(dir, '.parts'))).toEqual([]);
    expect(await store.head(key)).toEqual({ size: 4, contentType: 'video/mp4' });
  });

  it('signs addresses with a key kept beside the files, so a restart honours them', async () => {
    const uploadId = await store.startUpload(key, 'video/mp4');
    const signed = await address(uploadId, 1);
    const again = await createLocalStore(dir, 2, 'https://sim.example.org/');
    expect(again.verifyPartAddress(signed, new Date())).toBe(true);
    expect(again.verifyPartAddress({ ...signed, partNumber: 2 }, new Date())).toBe(false);
    expect(again.verifyPartAddress(signed, new Date(signed.expires * 1000 + 1))).toBe(false);
  });

  it('refuses a second copy of a part, or completing, while the first is arriving', async () => {
    const uploadId = await store.startUpload(key, 'video/mp4');
    const arriving = new PassThrough();
    const first = store.receivePart(await address(uploadId, 1), arriving);
    await expect(store.receivePart(await address(uploadId, 1), Readable.from([Buffer.from('zz')]))).rejects.toMatchObject({
      status: 409,
      message: 'Part 1 is being received already',
    });
    await expect(store.completeUpload(key, uploadId, [])).rejects.toMatchObject({ status: 409 });
    arriving.end(Buffer.from('ab'));
    await first;
    expect((await store.listParts(key, uploadId))!.map((part) => part.size)).toEqual([2]);
  });

  it('takes only keys that stay in their folder', () => {
    expect(isSafeKey(key)).toBe(true);
    for (const bad of [
      '../x.png',
      'abcdef0123456789abcdef01/../x.png',
      'abcdef0123456789abcdef01/.x',
      '/etc/passwd',
      'short/x.png',
      'abcdef0123456789abcdef01/a/b.png',
      '',
    ]) {
      expect(isSafeKey(bad), bad).toBe(false);
    }
  });
});
