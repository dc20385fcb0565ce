import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_ASSETS_ELEMENT_ID } from './console-assets';
import { prefetchConsole } from './console-prefetch';

function writeList(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = CONSOLE_ASSETS_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

const prefetched = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('as'),
  ]);

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prefetchConsole', () => {
  it("prefetches the console's files and the running language's strings, once", () => {
    writeList(
      JSON.stringify({
        files: ['/assets/index-a.js', '/assets/index-b.css'],
        locales: {
          'zh-CN': ['/assets/locales-zh-CN-console-c.js'],
          'en-US': ['/assets/locales-en-US-console-d.js'],
        },
      }),
    );
    expect(prefetchConsole()).toBe(3);
    // The tests run in zh-CN, the default language: the English strings are not fetched.
    expect(prefetched()).toEqual([
      ['/assets/index-a.js', 'script'],
      ['/assets/index-b.css', 'style'],
      ['/assets/locales-zh-CN-console-c.js', 'script'],
    ]);
    expect(prefetchConsole()).toBe(0);
    expect(prefetched()).toHaveLength(3);
  });

  it('fetches nothing without a list (development) or with a damaged one', () => {
    expect(prefetchConsole()).toBe(0);
    writeList('{"files": [1]');
    expect(prefetchConsole()).toBe(0);
    writeList(JSON.stringify({ files: [42], locales: {} }));
    expect(prefetchConsole()).toBe(0);
    expect(prefetched()).toEqual([]);
  });
});
