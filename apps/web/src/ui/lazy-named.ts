import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the component's code downloads the first time it renders, so a
 * dialog or a menu that a page may never open stays out of the page's first download.
 */
export const lazyNamed = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((component) => ({ default: component })));
