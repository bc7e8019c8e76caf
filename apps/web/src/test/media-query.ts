/** A MediaQueryList that answers `matches` and never changes: jsdom has none. */
export const fixedMediaQuery = (query: string, matches = false): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
