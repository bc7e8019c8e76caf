import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fixedMediaQuery } from './media-query';

// How long findBy and waitFor wait for the screen to settle: on a shared CI machine under load, a
// render can take longer than the library's one second. This is a ceiling, not a speed target.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads; plain stand-ins are enough for behaviour tests.
if (typeof window !== 'undefined') {
  const matchMedia = (query: string): MediaQueryList => fixedMediaQuery(query);
  if (typeof window.matchMedia !== 'function') Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMedia });

  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };

  // Autosizing text areas listen for web fonts loading.
  if (!('fonts' in document) || document.fonts === undefined)
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

  if (typeof Element.prototype.scrollIntoView !== 'function')
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
}

afterEach(() => {
  cleanup();
});
