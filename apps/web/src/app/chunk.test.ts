import { chunkLoadTimeoutMs } from '@resim/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkAddressOf, ChunkLoadError, loadChunk } from './chunk';

describe('chunk loading (SPEC 8 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over the module when it loads', async () => {
    await expect(loadChunk('home', () => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });

  it("fails with 'Loading chunk {id} failed', the failure type and the chunk address", async () => {
    const failure = loadChunk('profile', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost:8080/assets/profile-page-AbC123.js')),
    );
    await expect(failure).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk profile failed',
      chunkId: 'profile',
      type: 'error',
      address: 'http://localhost:8080/assets/profile-page-AbC123.js',
    });
  });

  it('gives up after the chunk time-out of 120 s', async () => {
    const never = loadChunk('intel', () => new Promise<never>(() => undefined));
    const outcome = expect(never).rejects.toMatchObject({ message: 'Loading chunk intel failed', type: 'timeout', address: null });
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it('is not failed by a time-out once loaded', async () => {
    const loaded = loadChunk('home', () => Promise.resolve('module'));
    await expect(loaded).resolves.toBe('module');
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs * 2);
  });

  it('finds addresses in the messages browsers give', () => {
    expect(chunkAddressOf(new Error('Unable to preload CSS for /assets/home-x1.css'))).toBe('/assets/home-x1.css');
    expect(chunkAddressOf(new Error('error loading dynamically imported module: https://app.example/assets/a.js'))).toBe(
      'https://app.example/assets/a.js',
    );
    expect(chunkAddressOf(new Error('offline'))).toBeNull();
    expect(new ChunkLoadError('x', 'error', null)).toBeInstanceOf(Error);
  });
});
