import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';
import { ICON_PATHS } from './icon-paths';
import { ICONS, iconPaths, iconsModule, loadIconDefinitions } from './icons';

describe('the sign-in pages’ icons', () => {
  it('are the path data generated from icons-svg for the names in icons.ts (run scripts/auth-icons.ts after a change)', async () => {
    const definitions = await loadIconDefinitions(ICONS);
    const generated = Object.fromEntries(
      Object.entries(definitions).map(([name, { icon }]) => [name, iconPaths(icon)]),
    );
    expect(ICON_PATHS).toEqual(generated);
    expect(iconsModule(definitions)).toContain('export const ICON_PATHS: Record<IconName, IconPaths> = {');
  });

  it('keep each icon’s view box, fill rule and paths, and refuse what is not a plain path', () => {
    expect(
      iconPaths({
        tag: 'svg',
        attrs: { 'fill-rule': 'evenodd', viewBox: '0 0 8 8', focusable: 'false' },
        children: [{ tag: 'path', attrs: { d: 'M0 0h8v8H0z' } }],
      }),
    ).toEqual({ viewBox: '0 0 8 8', fillRule: 'evenodd', paths: ['M0 0h8v8H0z'] });
    expect(() =>
      iconPaths({
        tag: 'svg',
        attrs: { viewBox: '0 0 8 8' },
        children: [{ tag: 'circle', attrs: { r: '1' } }],
      }),
    ).toThrow(/not a plain path/);
  });

  it('draw inline, 1em in the text colour, hidden from assistive technology', () => {
    const { container } = render(<Icon name="closeCircle" spin />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('class')).toBe('auth-icon auth-icon-spin');
    expect(svg?.getAttribute('viewBox')).toBe(ICON_PATHS.closeCircle.viewBox);
    expect(svg?.getAttribute('fill-rule')).toBe('evenodd');
    expect(svg?.getAttribute('fill')).toBe('currentColor');
    expect(svg?.getAttribute('width')).toBe('1em');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect([...(svg?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('d'))).toEqual(
      ICON_PATHS.closeCircle.paths,
    );
  });
});
