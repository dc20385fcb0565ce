import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '../app/providers';
import type { TableColumn } from '../lib/table-columns';
import { visibleColumns } from '../lib/table-columns';
import { TableToolbar } from './table-toolbar';

const columns: TableColumn[] = [
  { key: 'name', label: '名称', visible: true },
  { key: 'status', label: '状态', visible: true },
  { key: 'created', label: '创建时间', visible: false },
];

describe('TableToolbar', () => {
  it('toggles the search form and refreshes', () => {
    const onToggleSearch = vi.fn();
    const onRefresh = vi.fn();
    render(
      <Providers>
        <TableToolbar showSearch onToggleSearch={onToggleSearch} onRefresh={onRefresh} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: '隐藏搜索' }));
    expect(onToggleSearch).toHaveBeenCalledWith(false);
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('table-toolbar-columns')).toBeNull();
  });

  it('shows and hides columns, keeping the last visible one', async () => {
    const onColumnsChange = vi.fn();
    const { rerender } = render(
      <Providers>
        <TableToolbar columns={columns} onColumnsChange={onColumnsChange} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('table-toolbar-columns'));
    const chooser = await screen.findByTestId('table-columns');
    fireEvent.click(within(chooser).getByLabelText('创建时间'));
    expect(onColumnsChange).toHaveBeenLastCalledWith([
      columns[0],
      columns[1],
      { key: 'created', label: '创建时间', visible: true },
    ]);

    const onlyName = columns.map((column) => ({ ...column, visible: column.key === 'name' }));
    rerender(
      <Providers>
        <TableToolbar columns={onlyName} onColumnsChange={onColumnsChange} />
      </Providers>,
    );
    expect((within(chooser).getByLabelText('名称') as HTMLInputElement).disabled).toBe(true);
  });

  it('filters the table column definitions by visibility', () => {
    const definitions = [{ key: 'name' }, { key: 'status' }, { key: 'created' }, { key: 'actions' }];
    expect(visibleColumns(definitions, columns).map((c) => c.key)).toEqual(['name', 'status', 'actions']);
  });
});
