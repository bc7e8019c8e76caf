import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, Zip, ZipPassThrough, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore } from '../src/adapters/storage/local-store';
import { systemClock } from '../src/lib/clock';
import { importResimsZip } from '../src/modules/resims/scenario-zip.service';
import { createScenarioOf, createTestApp, dialects, type TestApp, type TestUser } from './harness';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Every file the app's store holds, by key. */
const storedKeys = (t: TestApp): string[] => {
  const backend = t.config.storage.backend;
  if (backend.kind !== 'local') throw new Error('the tests store files locally');
  if (!fs.existsSync(backend.dir)) return [];
  return fs
    .readdirSync(backend.dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.parts') && !entry.name.startsWith('.'))
    .map((entry) => path.relative(backend.dir, path.join(entry.parentPath, entry.name)))
    .sort();
};

/** A zip whose entries are given in order, the same name as often as it comes. */
const zipOf = (entries: readonly [string, Uint8Array][]): Buffer => {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, bytes] of entries) {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(bytes, true);
  }
  zip.end();
  return Buffer.concat(chunks);
};

// The target is on PostgreSQL when there is one, so that a zip made on SQLite is read there.
describe.each(dialects)('scenario zips from SQLite into %s', (dialect) => {
  let source: TestApp;
  let target: TestApp;
  let author: TestUser;
  let importer: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    source = await createTestApp('sqlite');
    // Small, so that a zip bomb is refused by its declared size at once.
    target = await createTestApp(dialect, { IMPORT_ZIP_MAX_BYTES: '200000' });
    author = await source.user('author@example.test');
    importer = await target.user('importer@example.test');
    spaceId = (
      await target.app.inject({ method: 'POST', url: '/admin/space', headers: importer.auth, payload: { description: 'Ward' } })
    ).json<{ id: string }>().id;
  });

  afterAll(async () => {
    await source.close();
    await target.close();
  });

  const upload = async () => {
    const stored = await source.app.inject({
      method: 'POST',
      url: '/admin/image',
      headers: author.auth,
      payload: { fileType: 'image/png', content: png.toString('base64'), prop: 'factImages' },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    return stored.json<{ key: string; url: string }>();
  };

  const exportZip = (ids: string[], history?: boolean, who = author) =>
    source.app.inject({ method: 'POST', url: '/admin/export/zip', headers: who.auth, payload: { ids, ...(history ? { history } : {}) } });

  const importZip = (body: Buffer, contentType = 'application/zip') =>
    target.app.inject({
      method: 'POST',
      url: `/admin/import/zip?groupId=${spaceId}`,
      headers: { ...importer.auth, 'content-type': contentType },
      payload: body,
    });

  it('carries a scenario, its history and its uploaded image to another server, stored anew there', async () => {
    const image = await upload();
    const id = await createScenarioOf(source, author, {
      details: { resimName: 'Chest pain: day 1', descriptionImages: [{ id: 'm1', url: image.url, description: 'Ward' }] },
    });
    const saved = await source.app.inject({
      method: 'PATCH',
      url: `/admin/resim/${id}`,
      headers: author.auth,
      payload: {
        actions: [
          { id: 'act1', name: 'X-ray', factImages: [{ id: 'm1', url: image.url, description: 'Chest X-ray' }] },
          { id: 'act2', name: 'Elsewhere', factImages: [{ id: 'm1', url: 'https://cdn.example.org/ecg.png' }] },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const exported = await exportZip([id], true);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="chest-pain-day-1.resim.zip"');
    const entries = unzipSync(exported.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['media.json', `media/${image.key}`, 'scenarios.json']);
    expect(Buffer.from(entries[`media/${image.key}`]!).equals(png)).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(entries['media.json']))).toEqual({
      format: 'resim-media',
      version: 1,
      artifactsUrl: '/files',
      files: [{ key: image.key, fileType: 'image/png', size: png.length, sha256: sha256(png) }],
    });
    const file = JSON.parse(new TextDecoder().decode(entries['scenarios.json'])) as { format: string; histories: unknown[][] };
    expect(file.format).toBe('resim-export');
    expect(file.histories[0]).toHaveLength(3);

    const imported = await importZip(exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(201);
    const copy =
      imported.json<
        { id: string; revision: number; descriptionImages: { url: string }[]; actions: { factImages: { url: string }[] }[] }[]
      >()[0]!;
    const url = copy.descriptionImages[0]!.url;
    expect(url).toMatch(/^\/files\/[a-z0-9]{24}\/image\.png$/);
    expect(url).not.toBe(image.url);
    expect(copy.actions.map((action) => action.factImages[0]!.url)).toEqual([url, 'https://cdn.example.org/ecg.png']);
    expect(storedKeys(target)).toEqual([url.slice('/files/'.length)]);
    const served = await target.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    expect(copy.revision).toBe(2);
    const older = (await target.app.inject({ url: `/admin/resim/${copy.id}/history/1`, headers: importer.auth })).json<{
      content: { descriptionImages: { url: string }[] };
    }>();
    expect(older.content.descriptionImages[0]!.url).toBe(url);

    // Without history, the zip holds the scenario as it is.
    const plain = unzipSync((await exportZip([id])).rawPayload);
    expect(JSON.parse(new TextDecoder().decode(plain['scenarios.json']))).not.toHaveProperty('histories');
  });

  it('exports only what /admin/export would, and names several scenarios "scenarios"', async () => {
    const stranger = await source.user('stranger@example.test');
    const id = await createScenarioOf(source, author);
    const other = await createScenarioOf(source, author);
    const json = await source.app.inject({ method: 'POST', url: '/admin/export', headers: stranger.auth, payload: { ids: [id] } });
    const zip = await exportZip([id], false, stranger);
    expect(zip.statusCode).toBe(json.statusCode);
    expect(zip.statusCode).toBeGreaterThanOrEqual(400);
    const both = await exportZip([id, other]);
    expect(both.headers['content-disposition']).toBe('attachment; filename="scenarios.resim.zip"');
    expect(Object.keys(unzipSync(both.rawPayload)).sort()).toEqual(['media.json', 'scenarios.json']);
  });

  it('refuses to export a scenario whose file is no longer stored, naming it', async () => {
    const image = await upload();
    const id = await createScenarioOf(source, author, {
      actions: [{ id: 'act1', name: 'X-ray', factImages: [{ id: 'm1', url: image.url }] }],
    });
    const backend = source.config.storage.backend;
    if (backend.kind === 'local') fs.rmSync(path.join(backend.dir, image.key));
    const refused = await exportZip([id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain(`no longer stored: ${image.url}`);
  });

  describe('refuses a zip that is not a scenario zip, storing nothing', () => {
    const key = '0123456789abcdef01234567/x-ray.png';
    const exportFile = (url = `/files/${key}`) => ({
      format: 'resim-export',
      version: 1,
      exported: '2026-01-01T00:00:00.000Z',
      scenarios: [{ resimName: 'Imported', actions: [{ id: 'act1', name: 'X-ray', factImages: [{ id: 'm1', url }] }] }],
    });
    const manifest = (files: object[] = [{ key, fileType: 'image/png', size: png.length, sha256: sha256(png) }]) => ({
      format: 'resim-media',
      version: 1,
      artifactsUrl: '/files',
      files,
    });
    const good = (): [string, Uint8Array][] => [
      ['scenarios.json', json(exportFile())],
      ['media.json', json(manifest())],
      [`media/${key}`, png],
    ];
    const text = new TextEncoder().encode('not an image at all, only words that a browser would never show as a picture');
    const bomb = zipSync({
      'scenarios.json': json(exportFile()),
      'media.json': json(manifest([{ key, fileType: 'image/png', size: 1_000_000, sha256: '0'.repeat(64) }])),
      [`media/${key}`]: new Uint8Array(1_000_000),
    });
    // A deflated entry that says it is 100 bytes and unpacks to a megabyte.
    const lying = (() => {
      const zip = Buffer.from(zipSync({ 'scenarios.json': new Uint8Array(1_000_000) }));
      const directory = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      zip.writeUInt32LE(100, directory + 24);
      return zip;
    })();

    const cases: [string, Buffer, string][] = [
      ['not a zip', Buffer.from('{"format": "resim-export"}'), 'The file is not a zip'],
      ['no scenarios.json', zipOf(good().slice(1)), 'The zip has no scenarios.json'],
      ['no media.json', zipOf([good()[0]!, good()[2]!]), 'The zip has no media.json'],
      ['a listed file missing', zipOf(good().slice(0, 2)), `media/${key} is listed in the manifest but not in the zip`],
      [
        'a file not listed',
        zipOf([...good(), ['media/fedcba9876543210fedcba98/more.png', png]]),
        'media/fedcba9876543210fedcba98/more.png is in the zip but not listed in the manifest',
      ],
      [
        'a file of other bytes',
        zipOf([good()[0]!, good()[1]!, [`media/${key}`, Buffer.from(png).fill(7, 40)]]),
        `media/${key} is not the file the manifest lists: its SHA-256 differs`,
      ],
      [
        'a file that is not what its type says',
        zipOf([
          good()[0]!,
          ['media.json', json(manifest([{ key, fileType: 'image/png', size: text.length, sha256: sha256(text) }]))],
          [`media/${key}`, text],
        ]),
        `media/${key}: The file's content is not an image, video, audio or PDF that can be shown`,
      ],
      ['a path out of the folder', zipOf([...good(), ['media/../../evil.png', png]]), "media/../../evil.png leads out of the zip's folder"],
      [
        'an absolute path',
        zipOf([...good(), ['/etc/evil.png', png]]),
        '/etc/evil.png is an absolute path; a scenario zip holds relative ones',
      ],
      ['an entry twice', zipOf([...good(), [`media/${key}`, png]]), `media/${key} is in the zip twice`],
      [
        'a foreign file',
        zipOf([...good(), ['notes.txt', text]]),
        'notes.txt is not part of a scenario zip, which holds scenarios.json, media.json and media/<key> files only',
      ],
      ['a zip bomb by its sizes', Buffer.from(bomb), 'The zip unpacks to 1000'],
      ['an entry larger than it says', lying, 'scenarios.json unpacks to more than the size its zip says'],
      [
        'an export that is not one',
        zipOf([['scenarios.json', json({ format: 'other' })], good()[1]!, good()[2]!]),
        'scenarios.json: The file is not a scenario export: format: format must be "resim-export"',
      ],
      [
        'a manifest that is not one',
        zipOf([good()[0]!, ['media.json', json({ files: 'all' })], good()[2]!]),
        'media.json is not a media manifest: format: format must be "resim-media"',
      ],
      [
        'a scenario referring to a file not in the zip',
        zipOf([['scenarios.json', json(exportFile('/files/fedcba9876543210fedcba98/gone.png'))], good()[1]!, good()[2]!]),
        'scenarios[0] refers to /files/fedcba9876543210fedcba98/gone.png, which is not in the zip',
      ],
    ];

    it.each(cases)('%s', async (_name, zip, message) => {
      const before = await target.snapshot();
      const files = storedKeys(target);
      const refused = await importZip(zip);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(message);
      expect(await target.snapshot()).toBe(before);
      expect(storedKeys(target)).toEqual(files);
    });

    it('imports the same zip once it is right', async () => {
      const imported = await importZip(zipOf(good()));
      expect(imported.statusCode, imported.body).toBe(201);
    });

    it('removes the files it stored when storing another fails, and adds no scenario', async () => {
      const backend = target.config.storage.backend;
      if (backend.kind !== 'local') throw new Error('the tests store files locally');
      const store = await createLocalStore(backend.dir, 5_000_000, target.config.publicUrl);
      let writes = 0;
      const failing = {
        ...store,
        put: (key: string, contentType: string, body: Buffer) => {
          writes += 1;
          return writes === 2 ? Promise.reject(new Error('the disk is full')) : store.put(key, contentType, body);
        },
      };
      const second = 'fedcba9876543210fedcba98/ct.png';
      const zip = zipOf([
        ['scenarios.json', json(exportFile())],
        [
          'media.json',
          json(
            manifest([
              { key, fileType: 'image/png', size: png.length, sha256: sha256(png) },
              { key: second, fileType: 'image/png', size: png.length, sha256: sha256(png) },
            ]),
          ),
        ],
        [`media/${key}`, png],
        [`media/${second}`, png],
      ]);
      const before = await target.snapshot();
      const files = storedKeys(target);
      const principal = {
        userId: importer.user.id,
        email: importer.user.email,
        name: null,
        groups: [],
        isDeveloper: false,
        groupSpaceIds: [],
      };
      await expect(
        importResimsZip({ db: target.db, clock: systemClock, principal, files: failing, storage: target.config.storage }, spaceId, zip),
      ).rejects.toThrow('the disk is full');
      expect(writes).toBe(2);
      expect(await target.snapshot()).toBe(before);
      expect(storedKeys(target)).toEqual(files);
    });

    it('takes only a zip as the body', async () => {
      const refused = await importZip(Buffer.from(JSON.stringify({ file: exportFile() })), 'application/json');
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe('Send the zip as the body, with Content-Type: application/zip');
    });

    it('refuses a zip larger than an import takes', async () => {
      const refused = await importZip(Buffer.alloc(300_000));
      expect(refused.statusCode).toBe(413);
    });
  });
});
