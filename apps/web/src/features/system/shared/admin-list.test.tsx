import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '../../../app/providers';
import { TextField } from '../../../components/search-form';
import { setGrants } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { AdminSearch, timeColumn, useEditDeleteColumn } from './admin-list';

interface Row {
  id: number;
  name: string;
  builtIn: boolean;
}

describe('AdminSearch', () => {
  it('filters the list by what the fields say, and Reset goes back to the filter it keeps', async () => {
    const applyFilter = vi.fn();
    render(
      <Providers>
        <AdminSearch<{ name?: string }, { name?: string; deptId?: number }>
          list={{ applyFilter }}
          toFilter={(values) => ({ name: values.name?.trim(), deptId: 7 })}
          resetTo={{ deptId: 7 }}
          testId="search"
        >
          <TextField name="name" label="名称" placeholder="名称" maxLength={20} testId="search-name" />
        </AdminSearch>
      </Providers>,
    );
    fireEvent.change(await screen.findByTestId('search-name'), { target: { value: '  ops ' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(applyFilter).toHaveBeenCalledWith({ name: 'ops', deptId: 7 }));
    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(applyFilter).toHaveBeenLastCalledWith({ deptId: 7 }));
  });
});

describe('timeColumn', () => {
  it('is left out below xxl only when it is secondary', () => {
    const at = (row: { at: string }) => row.at;
    expect(timeColumn('at', 'At', at).responsive).toBeUndefined();
    expect(timeColumn('at', 'At', at, { secondary: true }).responsive).toEqual(['xxl']);
  });
});

function Actions({
  row,
  onEdit,
  remove,
}: {
  row: Row;
  onEdit: (row: Row) => void;
  remove: (ids: number[]) => Promise<unknown>;
}) {
  const column = useEditDeleteColumn<Row>({
    title: 'Actions',
    permission: 'system:thing',
    testId: 'thing',
    onEdit,
    nameOf: (r) => r.name,
    idOf: (r) => r.id,
    builtIn: (r) => r.builtIn,
    remove: { mutateAsync: remove },
  });
  return <>{column.render?.(undefined, row, 0) as ReactNode}</>;
}

describe('useEditDeleteColumn', () => {
  it('edits any row, deletes after a confirmation naming it, and offers no Delete on a built-in row', async () => {
    setGrants({ roles: ['admin'], permissions: ['system:thing:edit', 'system:thing:remove'] });
    const onEdit = vi.fn();
    const remove = vi.fn(() => Promise.resolve());
    const confirm = vi.spyOn(feedback, 'confirm').mockResolvedValue(true);
    const { rerender } = render(
      <Providers>
        <Actions row={{ id: 3, name: 'Site name', builtIn: false }} onEdit={onEdit} remove={remove} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('thing-edit'));
    expect(onEdit).toHaveBeenCalledWith({ id: 3, name: 'Site name', builtIn: false });
    fireEvent.click(screen.getByTestId('thing-delete'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith([3]));
    expect(String(confirm.mock.calls[0]![0].content)).toContain('Site name');

    rerender(
      <Providers>
        <Actions row={{ id: 4, name: 'Built in', builtIn: true }} onEdit={onEdit} remove={remove} />
      </Providers>,
    );
    expect(screen.getByTestId('thing-edit')).toBeTruthy();
    expect(screen.queryByTestId('thing-delete')).toBeNull();
  });

  it('shows neither link without the permissions', () => {
    setGrants({ roles: ['auditor'], permissions: ['system:thing:list'] });
    render(
      <Providers>
        <Actions row={{ id: 3, name: 'x', builtIn: false }} onEdit={vi.fn()} remove={vi.fn()} />
      </Providers>,
    );
    expect(screen.queryByTestId('thing-edit')).toBeNull();
    expect(screen.queryByTestId('thing-delete')).toBeNull();
  });
});
