import { vi } from 'vitest';

/** Pretends the window is a phone's (below 576 and 992 px) for antd's and the app's media queries. */
export function narrowScreen() {
  return vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    matches: /max-width: (575|991)\.98px/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
