import { afterEach, describe, expect, it } from 'vitest';
import { applyPreloadedStyles } from './preloaded-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyPreloadedStyles', () => {
  it('applies the preloaded stylesheet ahead of the pages’ stylesheets and settles once it has loaded', async () => {
    document.head.innerHTML = [
      '<link rel="preload" as="style" crossorigin href="/assets/index.css" data-apply>',
      '<link rel="preload" as="style" crossorigin href="/assets/shell.css">',
      '<link rel="stylesheet" href="/assets/shell.css">',
    ].join('');
    let settled = false;
    const applied = applyPreloadedStyles().then(() => (settled = true));

    const sheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(sheets.map((link) => new URL(link.href).pathname)).toEqual([
      '/assets/index.css',
      '/assets/shell.css',
    ]);
    expect(sheets[0]?.hasAttribute('crossorigin')).toBe(true);
    await Promise.resolve();
    expect(settled).toBe(false);

    sheets[0]?.dispatchEvent(new Event('load'));
    await applied;
    expect(settled).toBe(true);
  });

  it('renders anyway when the stylesheet fails to load', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/index.css" data-apply>';
    const applied = applyPreloadedStyles();
    const sheet = document.head.querySelector('link[rel="stylesheet"]');
    expect(sheet?.hasAttribute('crossorigin')).toBe(false);
    sheet?.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('has nothing to do without a marked preload (the dev server)', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/shell.css">';
    await applyPreloadedStyles();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });
});
