import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { themeFor } from '../src/app/theme';
import { antdImportsOf, extractAntdStyles, usedAntdComponents } from './antd-styles';

describe('antdImportsOf', () => {
  it('lists the values imported from antd, not the types', () => {
    const source = [
      "import { Button, Table as AntTable, type TableProps } from 'antd';",
      "import type { MenuProps } from 'antd';",
      "import {\n  Form,\n  Input,\n} from 'antd';",
      "import useForm from 'antd/es/form';",
      "import { useQuery } from '@tanstack/react-query';",
    ].join('\n');
    expect(antdImportsOf(source)).toEqual(['Button', 'Table', 'Form', 'Input', 'Form']);
  });
});

describe('usedAntdComponents', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('adds what the imported components render inside themselves, and skips tests', async () => {
    dir = mkdtempSync(join(tmpdir(), 'antd-used-'));
    mkdirSync(join(dir, 'pages'));
    writeFileSync(join(dir, 'pages', 'list.tsx'), "import { Table } from 'antd';\n");
    writeFileSync(join(dir, 'pages', 'list.test.tsx'), "import { Carousel } from 'antd';\n");
    const used = await usedAntdComponents(dir);
    // The table's pager, loading state, empty state, row selection and filter menus.
    expect(used).toEqual(
      expect.arrayContaining(['Table', 'Pagination', 'Spin', 'Empty', 'Checkbox', 'Dropdown']),
    );
    expect(used).not.toContain('Carousel');
    expect(used).not.toContain('Upload');
    expect(used).not.toContain('DatePicker');
  });
});

describe('extractAntdStyles', () => {
  it('writes the components’ rules without hash classes or token values, so the theme colour stays live', async () => {
    const css = await extractAntdStyles(['Button', 'Menu'], themeFor());
    expect(css).toContain('.ant-btn');
    expect(css).toContain('.ant-menu');
    expect(css).not.toContain(':where(.css-');
    // The token variables are written by antd at runtime, from the colour the user picked.
    expect(css).not.toMatch(/--ant-color-primary\s*:/);
    expect(css).toContain('var(--ant-color-primary)');
    // The dark sidebar's selected item follows the theme colour through its component variable.
    expect(css).toContain('var(--ant-menu-dark-item-selected-bg)');
    expect(css.toLowerCase()).not.toContain('#2395ff');
  });
});
