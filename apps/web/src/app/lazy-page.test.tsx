import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

const deferred = () => {
  let resolve: (page: typeof Greeting) => void = () => undefined;
  const promise = new Promise<typeof Greeting>((done) => (resolve = done));
  return { promise, resolve };
};

describe('lazyPage', () => {
  it('shows the fallback while the chunk downloads, then the page', async () => {
    const chunk = deferred();
    const { Page } = lazyPage(() => chunk.promise);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => chunk.resolve(Greeting));
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
  });

  it('shows a preloaded page at once, without the fallback, and downloads its chunk once', async () => {
    let loads = 0;
    const { Page, preload } = lazyPage(async () => {
      loads += 1;
      return Greeting;
    });
    await preload();
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('tries again after a failed download', async () => {
    let loads = 0;
    const { preload } = lazyPage(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Loading chunk home failed');
      return Greeting;
    });
    await expect(preload()).rejects.toThrow('Loading chunk home failed');
    await expect(preload()).resolves.toBe(Greeting);
    expect(loads).toBe(2);
  });
});
