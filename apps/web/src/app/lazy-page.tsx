import { lazy, useState, type ComponentType } from 'react';

export type LazyPage<P> = {
  /** the page, downloaded the first time it is shown unless preloaded */
  readonly Page: ComponentType<P>;
  /** starts the download; the page then shows at once when its chunk is in */
  readonly preload: () => Promise<unknown>;
};

/**
 * React.lazy for a page whose chunk can be downloaded before the page is shown. A page that
 * suspends shows its fallback, and React then holds the page back until 300 ms after the fallback
 * appeared; a page whose chunk is already in renders directly and is not held back.
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> => {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Page = (props: P) => {
    // Chosen once per mount: switching from the lazy one to the loaded one would mount the page again.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  };
  return { Page, preload };
};
