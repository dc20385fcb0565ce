import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '../lib/storage';
import {
  afterFirstFrame,
  FIRST_PAGE_FILES_ID,
  firstPageFiles,
  startConsole,
  startEntry,
  type FirstPageFiles,
} from './first-page-prefetch';

const files: FirstPageFiles = {
  entry: { script: '/assets/index.js', modules: [], styles: [] },
  frame: ['/assets/shell.js', '/assets/antd-a.js'],
  pages: { '/index': ['/assets/home.js'], '/': ['/assets/home.js'] },
  strings: { 'zh-CN': ['/assets/locales-zh-CN-public.js'], 'en-US': ['/assets/locales-en-US-public.js'] },
};

describe('firstPageFiles', () => {
  it('preloads nothing without a session: the guard sends the visitor to sign in', () => {
    expect(firstPageFiles(files, '/index', false, 'zh-CN')).toEqual([]);
  });

  it('preloads the strings of the language, the frame and the home page for the home', () => {
    expect(firstPageFiles(files, '/index', true, 'en-US')).toEqual([
      '/assets/locales-en-US-public.js',
      '/assets/shell.js',
      '/assets/antd-a.js',
      '/assets/home.js',
    ]);
    expect(firstPageFiles(files, '/index/', true, 'zh-CN')).toContain('/assets/home.js');
  });

  it('preloads only the frame for another console page (its page comes from the menus)', () => {
    expect(firstPageFiles(files, '/cloud/list', true, 'zh-CN')).toEqual([
      '/assets/locales-zh-CN-public.js',
      '/assets/shell.js',
      '/assets/antd-a.js',
    ]);
  });
});

describe('startConsole', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  const page = () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = FIRST_PAGE_FILES_ID;
    data.textContent = JSON.stringify(files);
    document.body.appendChild(data);
    window.history.replaceState(null, '', '/index');
  };
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );

  it('adds module preloads with the session and the language the console stores (lib/storage.ts keys)', () => {
    page();
    window.localStorage.setItem(StorageKey.token, 'session-token');
    window.localStorage.setItem(StorageKey.lang, 'en');
    startConsole();
    expect(preloads()).toEqual([
      '/assets/locales-en-US-public.js',
      '/assets/shell.js',
      '/assets/antd-a.js',
      '/assets/home.js',
    ]);
  });

  it('adds nothing without a stored session', () => {
    page();
    startConsole();
    expect(preloads()).toEqual([]);
  });

  it('starts the entry the build took out of the HTML, with or without a session', () => {
    page();
    const data = document.getElementById(FIRST_PAGE_FILES_ID)!;
    data.textContent = JSON.stringify({
      ...files,
      entry: { script: '/assets/index.js', modules: ['/assets/react.js'], styles: [] },
    });
    startConsole();
    expect(preloads()).toEqual(['/assets/react.js']);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index.js');
  });
});

describe('startEntry', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('adds the style preloads, then the module preloads, then the module script, in the request mode of a module script', () => {
    startEntry({
      script: '/assets/index.js',
      modules: ['/assets/react.js', '/assets/antd.js'],
      styles: [
        { href: '/assets/index.css', apply: true },
        { href: '/assets/shell.css', apply: false },
      ],
    });
    const tags = [...document.head.children].map((element) =>
      element instanceof HTMLLinkElement
        ? `${element.rel} ${element.getAttribute('href')} as=${element.getAttribute('as') ?? ''} apply=${element.hasAttribute('data-apply')}`
        : `script ${element.getAttribute('src')} ${(element as HTMLScriptElement).type}`,
    );
    expect(tags).toEqual([
      'preload /assets/index.css as=style apply=true',
      'preload /assets/shell.css as=style apply=false',
      'modulepreload /assets/react.js as= apply=false',
      'modulepreload /assets/antd.js as= apply=false',
      'script /assets/index.js module',
    ]);
    // Anonymous, as a module script fetches: otherwise the browser downloads each file again.
    for (const element of document.head.children) expect(element.getAttribute('crossorigin')).toBe('');
  });
});

describe('afterFirstFrame', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts once, in a task after the first animation frame, and not again at the deadline', () => {
    vi.useFakeTimers();
    let frame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frame = callback;
      return 1;
    });
    const start = vi.fn();
    afterFirstFrame(start, 1000);
    vi.advanceTimersByTime(10);
    expect(start).not.toHaveBeenCalled(); // no frame yet
    frame!(16);
    expect(start).not.toHaveBeenCalled(); // the frame's own style, layout and paint come first
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at the deadline in a tab that runs no animation frames', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const start = vi.fn();
    afterFirstFrame(start, 1000);
    vi.advanceTimersByTime(999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
