/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICONS, iconsCss, loadIconDefinitions } from './icons';

describe('the sign-in pages’ icons', () => {
  it('are the CSS generated from icons-svg for the names in icons.ts (run scripts/auth-icons.ts after a change)', async () => {
    // Read from disk: vitest hands CSS imports to tests empty.
    const committed = readFileSync(`${import.meta.dirname}/icons.css`, 'utf8');
    expect(committed).toBe(iconsCss(await loadIconDefinitions(ICONS)));
  });

  it('draw each icon as antd does: its view box and paths, as a data URL', () => {
    const css = iconsCss({
      dot: {
        icon: {
          tag: 'svg',
          attrs: { viewBox: '0 0 8 8', focusable: 'false' },
          children: [{ tag: 'path', attrs: { d: 'M0 0h8v8H0z' } }],
        },
      },
    });
    expect(css).toContain(
      `.auth-icon-dot {\n  --auth-icon: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Cpath d='M0 0h8v8H0z'%3E%3C/path%3E%3C/svg%3E");\n}`,
    );
  });
});
