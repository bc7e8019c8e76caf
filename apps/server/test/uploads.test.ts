import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { propNotRecognised, uploadChunkSize } from '@resim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore } from '../src/adapters/storage/local-store';
import { createS3Store } from '../src/adapters/storage/s3-store';
import { sweepAbandonedUploads } from '../src/modules/uploads/uploads.service';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { startTestS3, type TestS3 } from './s3-server';
import { fileBytes, getHashed, mp4Head, putStream, sha256Of } from './upload-bytes';

const bigFile = 250_000_000;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Started = { uploadId: string; key: string };
type Stored = { key: string; url: string; fileType: string; size: number };

/** A product listening on loopback, so parts go over real HTTP as a browser sends them. */
const listening = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

const protocol = (get: () => { t: TestApp; base: string }) => {
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser | undefined, payload?: object) => {
    const response = await get().t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T & { message: string }>() };
  };
  const start = (who: TestUser, fileName: string, fileType: string, prop?: string) =>
    call<Started>('GET', `/uploads/start?${new URLSearchParams({ fileName, fileType, ...(prop ? { prop } : {}) }).toString()}`, who);
  const partUrl = async (who: TestUser, started: Started, part: number | string) => {
    const answer = await call<{ presignedUrl: string }>(
      'GET',
      `/uploads/parts?${new URLSearchParams({ key: started.key, part: String(part), uploadId: started.uploadId }).toString()}`,
      who,
    );
    // Absolute on both stores; the embedded one's is under PUBLIC_URL, sent here to where the test server listens.
    if (answer.status === 200) expect(answer.body.presignedUrl).toMatch(/^https?:\/\//);
    const given = answer.status === 200 ? new URL(answer.body.presignedUrl) : null;
    const local = given !== null && given.origin === new URL(get().t.config.publicUrl).origin;
    return {
      ...answer,
      url: given === null ? '' : local ? new URL(`${given.pathname}${given.search}`, get().base).toString() : given.toString(),
    };
  };
  const putPart = async (who: TestUser, started: Started, part: number, body: Buffer) => {
    const { url } = await partUrl(who, started, part);
    return putStream(url, fileBytesOf(body), body.length);
  };
  const complete = (who: TestUser, started: Started, parts: { ETag: string | undefined; PartNumber: number }[]) =>
    call<Stored>('POST', '/uploads/complete', who, { ...started, parts });
  /** The whole of SPEC 7 for a small file sent as one part. */
  const upload = async (who: TestUser, fileName: string, fileType: string, body: Buffer) => {
    const started = await start(who, fileName, fileType);
    expect(started.status).toBe(200);
    const sent = await putPart(who, started.body, 1, body);
    expect(sent.status).toBe(200);
    return { started: started.body, etag: sent.etag!, done: await complete(who, started.body, [{ ETag: sent.etag, PartNumber: 1 }]) };
  };
  const read = (url: string) => getHashed(new URL(url, get().base).toString());
  return { call, start, partUrl, putPart, complete, upload, read };
};

const fileBytesOf = (body: Buffer) => Readable.from([body]);

/** Sends the 250,000,000-byte file in parts of SPEC 9's size, streamed, and reads it back. */
const sendBigFile = async (p: ReturnType<typeof protocol>, who: TestUser) => {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = await p.start(who, 'Lecture recording.mp4', 'video/mp4', 'factVideos');
  expect(started.status).toBe(200);
  expect(started.body.key).toMatch(/^[a-z0-9]+\/Lecture-recording\.mp4$/);
  const parts: { ETag: string; PartNumber: number }[] = [];
  for (let part = 1; (part - 1) * uploadChunkSize < bigFile; part++) {
    const from = (part - 1) * uploadChunkSize;
    const to = Math.min(part * uploadChunkSize, bigFile);
    const { url, status } = await p.partUrl(who, started.body, part);
    expect(status).toBe(200);
    const sent = await putStream(url, fileBytes(from, to), to - from);
    expect(sent.status).toBe(200);
    parts.push({ ETag: sent.etag!, PartNumber: part });
  }
  expect(parts).toHaveLength(3);
  const done = await p.complete(who, started.body, parts);
  expect(done.status).toBe(200);
  expect(done.body).toEqual({ key: started.body.key, url: `/files/${started.body.key}`, fileType: 'video/mp4', size: bigFile });
  const back = await p.read(done.body.url);
  expect(back.status).toBe(200);
  expect(back.headers['content-type']).toBe('video/mp4');
  expect(back.size).toBe(bigFile);
  clearInterval(sampler);
  // Never a part held whole, let alone the file.
  expect(peak - before).toBeLessThan(uploadChunkSize);
  expect(back.sha256).toBe(await sha256Of(fileBytes(0, bigFile)));
  return done.body;
};

describe.each(dialects)('uploads on the embedded store on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  let stranger: TestUser;
  const p = protocol(() => ({ t, base }));
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const uploadsUnderWay = async () => (await t.db.selectFrom('uploads').select('key').execute()).map((row) => row.key);
  const partsOnDisk = () => fs.readdirSync(path.join(filesDir(), '.parts')).filter((name) => !name.endsWith('.tmp'));

  beforeAll(async () => {
    t = await createTestApp(dialect, { UPLOAD_MAX_BYTES: '300000000', IMAGE_MAX_BYTES: '1000' });
    base = await listening(t);
    owner = await t.user('author@example.test');
    stranger = await t.user('stranger@elsewhere.test');
  });
  afterAll(() => t.close());

  it('takes a 250,000,000-byte file in three parts, streamed, and gives it back byte for byte', async () => {
    const stored = await sendBigFile(p, owner);
    expect(fs.statSync(path.join(filesDir(), stored.key)).size).toBe(bigFile);
    expect(await uploadsUnderWay()).toEqual([]);
    expect(partsOnDisk()).toEqual([]);
  });

  it('serves ranges for seeking, and refuses ones past the end with 416', async () => {
    const { done } = await p.upload(owner, 'pixel.png', 'image/png', png);
    expect(done.status).toBe(200);
    const url = done.body.url;
    const get = (range?: string) => t.app.inject({ url, headers: range ? { range } : {} });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(png)).toBe(true);
    const first = await get('bytes=0-3');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-3/${png.length}`);
    expect(first.rawPayload.equals(png.subarray(0, 4))).toBe(true);
    const suffix = await get('bytes=-10');
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(png.subarray(png.length - 10))).toBe(true);
    const open = await get('bytes=60-');
    expect(open.headers['content-range']).toBe(`bytes 60-${png.length - 1}/${png.length}`);
    expect(open.rawPayload.equals(png.subarray(60))).toBe(true);
    const clipped = await get(`bytes=66-9999`);
    expect(clipped.headers['content-range']).toBe(`bytes 66-${png.length - 1}/${png.length}`);
    const past = await get(`bytes=${png.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${png.length}`);
    // Several ranges, or one not understood, get the whole file.
    expect((await get('bytes=0-1,4-5')).statusCode).toBe(200);
    expect((await get('pages=1-2')).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(png.length));
  });

  it('refuses types by content, not by name, and stores nothing', async () => {
    const html = await p.start(owner, 'page.png', 'text/html');
    expect(html.status).toBe(400);
    expect(html.body.message).toMatch(/file type must be one of/);
    const svg = await p.start(owner, 'logo.svg', 'image/svg+xml');
    expect(svg.status).toBe(400);

    // A PDF named and typed as a PNG.
    const disguised = await p.upload(owner, 'photo.png', 'image/png', pdf);
    expect(disguised.done.status).toBe(415);
    expect(disguised.done.body.message).toBe("The file's content is application/pdf, not image/png as its type says");
    expect((await t.app.inject({ url: `/files/${disguised.started.key}` })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(filesDir(), disguised.started.key))).toBe(false);

    const text = await p.upload(owner, 'notes.pdf', 'application/pdf', Buffer.from('just some words, not a PDF at all'));
    expect(text.done.status).toBe(415);
    expect(text.done.body.message).toBe("The file's content is not an image, video, audio or PDF that can be shown");
    expect(fs.existsSync(path.join(filesDir(), text.started.key))).toBe(false);
    expect(await uploadsUnderWay()).toEqual([]);
    expect(partsOnDisk()).toEqual([]);

    // The same PDF, named for what it is, is taken.
    const honest = await p.upload(owner, 'handout.pdf', 'application/pdf', pdf);
    expect(honest.done.status).toBe(200);
    expect(honest.done.body.fileType).toBe('application/pdf');
  });

  it("answers an unknown property type with 'Prop type not recognised', and a property's wrong kind by name", async () => {
    const unknown = await p.start(owner, 'x.png', 'image/png', 'posterImages');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(propNotRecognised);
    const wrongKind = await p.start(owner, 'x.mp4', 'video/mp4', 'factImages');
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe('factImages takes images; this is video/mp4');
    const image = await p.call('POST', '/admin/image', owner, { fileType: 'image/png', content: png.toString('base64'), prop: 'slides' });
    expect(image.status).toBe(400);
    expect(image.body.message).toBe(propNotRecognised);
    expect(await uploadsUnderWay()).toEqual([]);
  });

  it('refuses bad part numbers, wrong ETags and parts out of order, keeping the upload to put right', async () => {
    const started = (await p.start(owner, 'clip.mp4', 'video/mp4')).body;
    for (const part of [0, -1, 10_001, 'two', 1.5]) {
      const answer = await p.partUrl(owner, started, part);
      expect(answer.status, String(part)).toBe(400);
      expect(answer.body.message).toMatch(/^querystring\.part: /);
    }
    // 300,000,000 bytes a file is three parts.
    const past = await p.partUrl(owner, started, 4);
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Part 4 is past the limit of 300000000 bytes a file (3 parts of 100000000 bytes)');

    const body = Buffer.concat([mp4Head, Buffer.alloc(1000, 7)]);
    const sent = await p.putPart(owner, started, 1, body);
    expect(sent.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const wrongETag = await p.complete(owner, started, [{ ETag: '"0123456789abcdef0123456789abcdef"', PartNumber: 1 }]);
    expect(wrongETag.status).toBe(400);
    expect(wrongETag.body.message).toBe("Part 1's ETag does not match the part uploaded");
    const missing = await p.complete(owner, started, [
      { ETag: sent.etag, PartNumber: 1 },
      { ETag: sent.etag, PartNumber: 2 },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Part 2 has not been uploaded');
    const outOfOrder = await p.complete(owner, started, [{ ETag: sent.etag, PartNumber: 2 }]);
    expect(outOfOrder.body.message).toBe('Name the parts in order, numbered 1, 2, 3… each once');
    const noParts = await p.complete(owner, started, []);
    expect(noParts.status).toBe(400);
    expect((await t.app.inject({ url: `/files/${started.key}` })).statusCode).toBe(404);

    // A short part that is not the last: every part but the last is a whole chunk (SPEC 9).
    const second = await p.putPart(owner, started, 2, body);
    const short = await p.complete(owner, started, [
      { ETag: sent.etag, PartNumber: 1 },
      { ETag: second.etag, PartNumber: 2 },
    ]);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Part 1 is 1024 bytes: every part but the last is 100000000 bytes, the last at most that');
    expect((await t.app.inject({ url: `/files/${started.key}` })).statusCode).toBe(404);

    // Put right: the upload was kept.
    const done = await p.complete(owner, started, [{ ETag: sent.etag!.replaceAll('"', ''), PartNumber: 1 }]);
    expect(done.status).toBe(200);
    expect(done.body.size).toBe(body.length);
  });

  it('refuses part addresses tampered with or expired, and parts over the chunk size', async () => {
    const started = (await p.start(owner, 'clip.mp4', 'video/mp4')).body;
    const { url } = await p.partUrl(owner, started, 1);
    const body = Buffer.concat([mp4Head, Buffer.alloc(100)]);
    const tampered = new URL(url);
    tampered.searchParams.set('partNumber', '2');
    expect((await putStream(tampered.toString(), fileBytesOf(body), body.length)).status).toBe(403);
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/[^/]+$/, 'other.mp4');
    expect((await putStream(otherKey.toString(), fileBytesOf(body), body.length)).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expect((await putStream(later.toString(), fileBytesOf(body), body.length)).status).toBe(403);
    const oversize = await t.app.inject({
      method: 'PUT',
      url: `${new URL(url).pathname}${new URL(url).search}`,
      headers: { 'content-length': String(uploadChunkSize + 1) },
      payload: body,
    });
    expect(oversize.statusCode).toBe(413);
    expect(partsOnDisk()).toEqual([started.uploadId]);
    expect(fs.readdirSync(path.join(filesDir(), '.parts', started.uploadId)).sort()).toEqual(['data', 'upload.json']);
    expect((await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, owner)).status).toBe(200);
  });

  it('refuses a file over the size limit and drops it', async () => {
    const small = await createTestApp(dialect, { UPLOAD_MAX_BYTES: '500' });
    try {
      const smallBase = await listening(small);
      const q = protocol(() => ({ t: small, base: smallBase }));
      const who = await small.user('author@example.test');
      const { started, done } = await q.upload(who, 'clip.mp4', 'video/mp4', Buffer.concat([mp4Head, Buffer.alloc(600)]));
      expect(done.status).toBe(413);
      expect(done.body.message).toBe('The file is 624 bytes, more than the limit of 500');
      expect(await small.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
      expect(fs.readdirSync(path.join(small.config.dataDir, 'files', '.parts'))).toEqual([]);
      expect((await q.partUrl(who, started, 1)).status).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('keeps keys in their folder', async () => {
    const started = (await p.start(owner, '../../../etc/passwd', 'image/png')).body;
    expect(started.key).toMatch(/^[a-z0-9]{24}\/etc-passwd\.png$/);
    const dotted = (await p.start(owner, '..', 'image/png')).body;
    expect(dotted.key).toMatch(/^[a-z0-9]{24}\/file\.png$/);
    for (const key of ['../../.signing-key', `${started.key.split('/')[0]}/../x.png`, '/etc/passwd', '.parts/x', 'a/b/c.png']) {
      const parts = await p.partUrl(owner, { key, uploadId: started.uploadId }, 1);
      expect(parts.status, key).toBe(400);
      expect(parts.body.message).toBe('The key is not valid');
      expect((await p.complete(owner, { key, uploadId: started.uploadId }, [{ ETag: 'x', PartNumber: 1 }])).status).toBe(400);
    }
    for (const url of [
      '/files/.signing-key',
      '/files/../files/.signing-key',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      `/files/.parts/${started.uploadId}/upload.json`,
    ]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('key');
    }
    const { url } = await p.partUrl(owner, started, 1);
    const escape = new URL(url);
    escape.pathname = '/files/..%2f.signing-key';
    expect((await putStream(escape.toString(), fileBytesOf(png), png.length)).status).toBe(403);
  });

  it('answers outsiders 404 for uploads not theirs, and leaves them be', async () => {
    const started = (await p.start(owner, 'pixel.png', 'image/png')).body;
    const sent = await p.putPart(owner, started, 1, png);
    expect((await p.partUrl(stranger, started, 1)).status).toBe(404);
    const complete = await p.complete(stranger, started, [{ ETag: sent.etag, PartNumber: 1 }]);
    expect(complete.status).toBe(404);
    expect(complete.body.message).toBe('Upload not found');
    expect((await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, stranger)).status).toBe(404);
    expect(await uploadsUnderWay()).toContain(started.key);
    expect((await p.complete(owner, started, [{ ETag: sent.etag, PartNumber: 1 }])).status).toBe(200);
  });

  it('aborts an upload, dropping its parts', async () => {
    const started = (await p.start(owner, 'clip.mp4', 'video/mp4')).body;
    const body = Buffer.concat([mp4Head, Buffer.alloc(100)]);
    const sent = await p.putPart(owner, started, 1, body);
    expect(partsOnDisk()).toContain(started.uploadId);
    const { url } = await p.partUrl(owner, started, 2);
    expect((await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, owner)).status).toBe(200);
    expect(partsOnDisk()).not.toContain(started.uploadId);
    expect(await uploadsUnderWay()).not.toContain(started.key);
    expect((await putStream(url, fileBytesOf(body), body.length)).status).toBe(404);
    expect((await p.complete(owner, started, [{ ETag: sent.etag, PartNumber: 1 }])).status).toBe(404);
    expect((await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, owner)).status).toBe(404);
  });

  it('sweeps away uploads abandoned for longer than the expiry', async () => {
    const started = (await p.start(owner, 'clip.mp4', 'video/mp4')).body;
    await p.putPart(owner, started, 1, Buffer.concat([mp4Head, Buffer.alloc(100)]));
    const ctx = { db: t.db, files: await createLocalStore(filesDir(), uploadChunkSize, t.config.publicUrl), storage: t.config.storage };
    const hoursLater = (hours: number) => ({ now: () => new Date(Date.now() + hours * 3600_000) });
    expect(await sweepAbandonedUploads({ ...ctx, clock: hoursLater(23) })).toBe(0);
    expect(partsOnDisk()).toContain(started.uploadId);
    expect(await sweepAbandonedUploads({ ...ctx, clock: hoursLater(25) })).toBeGreaterThanOrEqual(1);
    expect(partsOnDisk()).toEqual([]);
    expect(await uploadsUnderWay()).toEqual([]);
  });

  it('stops a sweep between uploads when the process is shutting down', async () => {
    for (const name of ['a.mp4', 'b.mp4', 'c.mp4']) await p.start(owner, name, 'video/mp4');
    const ctx = { db: t.db, files: await createLocalStore(filesDir(), uploadChunkSize, t.config.publicUrl), storage: t.config.storage };
    const later = { now: () => new Date(Date.now() + 25 * 3600_000) };
    let asked = 0;
    // Shutting down once the first upload is dropped.
    expect(await sweepAbandonedUploads({ ...ctx, clock: later }, () => asked++ > 0)).toBe(1);
    expect(await uploadsUnderWay()).toHaveLength(2);
    expect(await sweepAbandonedUploads({ ...ctx, clock: later })).toBe(2);
    expect(await uploadsUnderWay()).toEqual([]);
  });

  it('stores a small image sent whole in base64, and refuses anything else', async () => {
    const image = await p.call<Stored>('POST', '/admin/image', owner, {
      fileType: 'image/png',
      content: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(image.status).toBe(201);
    expect(image.body.url).toBe(`/files/${image.body.key}`);
    const back = await t.app.inject({ url: image.body.url });
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(png)).toBe(true);

    const before = fs.readdirSync(filesDir()).sort();
    const refused = [
      [{ fileType: 'image/png', content: 'not base64!' }, 400, 'The content is not base64'],
      [
        { fileType: 'image/png', content: Buffer.alloc(1001).toString('base64') },
        413,
        'The image is 1001 bytes, more than the limit of 1000',
      ],
      [{ fileType: 'video/mp4', content: png.toString('base64') }, 400, 'An image is wanted; video/mp4 is not one'],
      [
        { fileType: 'image/png', content: pdf.toString('base64') },
        415,
        "The file's content is application/pdf, not image/png as its type says",
      ],
      [{ fileType: 'image/gif', content: png.toString('base64') }, 415, "The file's content is image/png, not image/gif as its type says"],
    ] as const;
    for (const [payload, status, message] of refused) {
      const answer = await p.call('POST', '/admin/image', owner, payload);
      expect(answer.status, message).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect(fs.readdirSync(filesDir()).sort()).toEqual(before);
  });

  it('tells the web app the limits', async () => {
    const config = await p.call<{ uploads: unknown }>('GET', '/config.json', undefined);
    expect(config.body.uploads).toEqual({
      chunkSize: 100_000_000,
      maxBytes: 300_000_000,
      imageMaxBytes: 1000,
      types: expect.arrayContaining(['image/png', 'video/mp4', 'audio/mpeg', 'application/pdf']) as unknown,
    });
  });
});

describe.each(dialects)('uploads to an S3-compatible store on %s', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  let stranger: TestUser;
  const p = protocol(() => ({ t, base }));

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(dialect, s3.env);
    base = await listening(t);
    owner = await t.user('author@example.test');
    stranger = await t.user('stranger@elsewhere.test');
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it("sends the parts to the store's own presigned addresses and serves the file back byte for byte", async () => {
    const started = (await p.start(owner, 'x.png', 'image/png')).body;
    const { url } = await p.partUrl(owner, started, 1);
    expect(url).toMatch(new RegExp(`^${s3.env.S3_ENDPOINT}/resim-media/${started.key}\\?.*X-Amz-Signature=`));
    expect(url).toContain(`uploadId=${started.uploadId}`);
    expect(url).toContain('partNumber=1');
    await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, owner);

    const stored = await sendBigFile(p, owner);
    const range = await t.app.inject({ url: stored.url, headers: { range: 'bytes=4-11' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 4-11/${bigFile}`);
    expect(range.rawPayload.toString('latin1')).toBe('ftypisom');
    const csp = (await t.app.inject({ url: '/config.json' })).headers['content-security-policy'] as string;
    expect(csp).toContain(`connect-src 'self' ${s3.env.S3_ENDPOINT}`);
  });

  it('refuses wrong ETags, refused types and outsiders, storing nothing', async () => {
    const body = Buffer.concat([mp4Head, Buffer.alloc(100)]);
    const started = (await p.start(owner, 'clip.mp4', 'video/mp4')).body;
    const sent = await p.putPart(owner, started, 1, body);
    expect(sent.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const wrong = await p.complete(owner, started, [{ ETag: '"0123456789abcdef0123456789abcdef"', PartNumber: 1 }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Part 1's ETag does not match the part uploaded");
    expect((await p.complete(stranger, started, [{ ETag: sent.etag, PartNumber: 1 }])).status).toBe(404);
    expect((await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, stranger)).status).toBe(404);
    expect((await t.app.inject({ url: `/files/${started.key}` })).statusCode).toBe(404);
    expect((await p.complete(owner, started, [{ ETag: sent.etag, PartNumber: 1 }])).status).toBe(200);

    const disguised = await p.upload(owner, 'photo.png', 'image/png', pdf);
    expect(disguised.done.status).toBe(415);
    expect((await t.app.inject({ url: `/files/${disguised.started.key}` })).statusCode).toBe(404);

    const image = await p.call<Stored>('POST', '/admin/image', owner, { fileType: 'image/png', content: png.toString('base64') });
    expect(image.status).toBe(201);
    const back = await t.app.inject({ url: image.body.url });
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(png)).toBe(true);
  });

  it('aborts an upload in the store', async () => {
    const started = (await p.start(owner, 'clip.mp4', 'video/mp4')).body;
    const sent = await p.putPart(owner, started, 1, Buffer.concat([mp4Head, Buffer.alloc(100)]));
    expect((await p.call('DELETE', `/uploads/${started.uploadId}?key=${started.key}`, owner)).status).toBe(200);
    const store = await createS3Store(t.config.storage.backend as Parameters<typeof createS3Store>[0]);
    expect(await store.listParts(started.key, started.uploadId)).toBeUndefined();
    store.close();
    expect((await p.complete(owner, started, [{ ETag: sent.etag, PartNumber: 1 }])).status).toBe(404);
  });
});
