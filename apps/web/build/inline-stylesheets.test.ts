import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-stylesheets';

describe('inlineStylesheets', () => {
  const html = [
    '<head>',
    '  <script type="module" crossorigin src="/assets/auth-A.js"></script>',
    '  <link rel="stylesheet" crossorigin href="/assets/auth-B.css">',
    '  <link rel="icon" href="/favicon.svg" />',
    '</head>',
  ].join('\n');

  it('puts the stylesheet in place of its link and leaves the other tags', () => {
    const out = inlineStylesheets(html, (href) =>
      href === '/assets/auth-B.css' ? '.a{color:red}' : undefined,
    );
    expect(out).toContain('  <style>.a{color:red}</style>\n');
    expect(out).not.toContain('auth-B.css');
    expect(out).toContain('/assets/auth-A.js');
    expect(out).toContain('/favicon.svg');
  });

  it('cannot be closed early by the CSS', () => {
    const out = inlineStylesheets(html, () => '.a::after{content:"</style><script>"}');
    expect(out.match(/<\/style>/g)).toHaveLength(1);
  });

  it('fails when the stylesheet is not in the build', () => {
    expect(() => inlineStylesheets(html, () => undefined)).toThrow(/no stylesheet to inline/);
  });
});
