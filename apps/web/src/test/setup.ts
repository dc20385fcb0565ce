// Test environment for the web project: jsdom lacks some browser APIs antd relies on, and every
// test starts from empty storage in the default language.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetGrants } from '../lib/access';
import { discardPendingFeedback } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { fakeApi } from './fake-api';
import { addAllLocales } from './locales';

addAllLocales();

// findBy* waits up to 3 s: whole-app renders on 2 busy CI cores exceeded the 1 s default.
configure({ asyncUtilTimeout: 3_000 });

if (!window.matchMedia) {
  // antd's responsive helpers (Grid, Flex gap detection) query media features.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  // rc-component's resize observer measures overflow in Dropdown, Tabs and Typography.
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// react-router's ScrollRestoration scrolls to the top on navigation; jsdom has no layout to scroll.
window.scrollTo = () => undefined;

// jsdom implements getComputedStyle but not for pseudo-elements, and logs an error each time antd asks
// (scrollbar measurement); answering for the element itself is close enough for tests.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(async () => {
  cleanup();
  fakeApi.reset();
  resetGrants();
  discardPendingFeedback();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('zh-CN');
});
