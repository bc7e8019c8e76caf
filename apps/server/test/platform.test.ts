import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { systemClock } from '../src/lib/clock';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { createTestApp, createTestDatabase, dialects, testConfig, type TestApp } from './harness';

describe.each(dialects)('platform on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The older header says the same: framed nowhere, not even by the product's own pages.
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Scripts only from the product; authored images and videos from any HTTPS host.
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['content-security-policy']).not.toContain('stripe');
    expect(response.headers['content-security-policy']).toMatch(/img-src [^;]*https:/);
    expect(response.headers['content-security-policy']).toMatch(/media-src [^;]*https:/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes an OpenAPI document generated from the shared schemas, and a browsable reference', async () => {
    const document = (await t.app.inject({ url: '/openapi.json' })).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/admin/space', '/admin/space/{id}/security', '/admin/user']));
    expect(JSON.stringify(document.paths['/admin/space'])).toContain('description');
    const reference = await t.app.inject({ url: '/api-docs/' });
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['content-type']).toContain('text/html');
  });

  it('gives the web app its sign-in settings without authentication', async () => {
    expect((await t.app.inject({ url: '/config.json' })).json()).toEqual({
      productName: 'Resim',
      authority: 'http://localhost:8080',
      clientId: 'resim-console',
      scope: 'openid profile email api',
      embeddedIssuer: true,
      signOutUrl: null,
      identityProvider: null,
      session: { storage: 'local' },
      uploads: {
        chunkSize: 100_000_000,
        maxBytes: 5_000_000_000,
        imageMaxBytes: 5_000_000,
        types: expect.arrayContaining(['image/png']) as unknown,
      },
      // The embedded outbox only keeps email: the console says so where email would be sent.
      emailSends: false,
    });
  });

  it('tells the web app to keep the session in cookies when configured so', async () => {
    const cookies = await createTestApp(dialect, {
      SESSION_STORAGE: 'cookie',
      SESSION_COOKIE_DOMAIN: 'localhost',
      SESSION_COOKIE_SAMESITE: 'lax',
    });
    try {
      expect((await cookies.app.inject({ url: '/config.json' })).json()).toMatchObject({
        session: { storage: 'cookie', domain: 'localhost', sameSite: 'lax', secure: true },
      });
    } finally {
      await cookies.close();
    }
  });

  it('takes failure reports from the browser and refuses malformed ones', async () => {
    const report = { level: 'error', message: 'Request failed: boom', method: 'GET', path: '/admin/space', status: 502, page: '/' };
    expect((await t.app.inject({ method: 'POST', url: '/client-log', payload: report })).statusCode).toBe(204);
    const bad = await t.app.inject({ method: 'POST', url: '/client-log', payload: { ...report, level: 'panic' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('level');
  });

  it('compresses API answers over a kilobyte for a client that accepts it, brotli first', async () => {
    const plain = await t.app.inject({ url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 4);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // a few bytes are sent as they are
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with 404 in JSON', async () => {
    const response = await t.app.inject({ url: '/admin/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('failures on our side', () => {
  it('answer 500 without revealing internals', async () => {
    const database = await createTestDatabase('sqlite');
    const config = testConfig(database.dataDir);
    const app = await buildApp({ config, db: database.db, dialect: 'sqlite', logger: false, webDist: path.join(database.dataDir, 'none') });
    await app.ready();
    const owner = await createUser({ db: database.db, clock: systemClock, email: 'o@example.test', password: 'Test-password-1' });
    const { token } = await createToken({ db: database.db, clock: systemClock, userId: owner.id, name: 't' });
    // a table vanishing is a fault of ours, not of the caller
    await database.db.schema.dropTable('space_members').execute();
    const response = await app.inject({ url: '/admin/space', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal', message: 'Something went wrong on our side. It has been logged.' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await app.close();
    await database.drop();
  });
});

describe('web app serving', () => {
  it('answers page routes with the app and leaves the API alone', async () => {
    const database = await createTestDatabase('sqlite');
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(webDist, 'play.html'), '<!doctype html><title>player</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = await buildApp({ config: testConfig(database.dataDir), db: database.db, dialect: 'sqlite', logger: false, webDist });
    const page = await app.inject({ url: '/resim/abc', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    // A script carries what a script needs, not a document's policies (a kilobyte on each of a page's files).
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    // The learner's addresses open the player's own page; one that only starts like them is the console's.
    for (const url of ['/play', '/play/ABC123', '/play/ABC123?join=1', '/play/preview/r1/g1']) {
      const player = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(player.body, url).toContain('<title>player</title>');
      expect(player.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ url: '/player', headers: { accept: 'text/html' } })).body).toContain('<title>app</title>');
    expect((await app.inject({ url: '/favicon.svg' })).headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject({ url: '/admin/space', headers: { accept: 'text/html' } })).statusCode).toBe(401);
    await app.close();
    await database.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the copies the build compressed beforehand to a browser that accepts them', async () => {
    const database = await createTestDatabase('sqlite');
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    const page = `<!doctype html><title>app</title><p>${'y'.repeat(4000)}</p>`;
    for (const [file, content] of [
      ['assets/main-abc123.js', script],
      ['index.html', page],
    ] as const) {
      fs.writeFileSync(path.join(webDist, file), content);
      fs.writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
      fs.writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
    }
    const app = await buildApp({ config: testConfig(database.dataDir), db: database.db, dialect: 'sqlite', logger: false, webDist });
    const asset = (encoding?: string) =>
      app.inject({ url: '/assets/main-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const index = await app.inject({ url: '/resim/abc', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(index.rawPayload).toString('utf8')).toBe(page);
    await app.close();
    await database.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });
});
