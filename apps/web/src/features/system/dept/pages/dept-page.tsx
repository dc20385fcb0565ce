import { useMemo, useState } from 'react';
import { App, Card, Flex, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dept } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CardToolbar } from '../../../../components/card-toolbar';
import { LazyTable } from '../../../../components/lazy-table';
import { ListEmpty } from '../../../../components/list-empty';
import { PageHeading } from '../../../../components/page-heading';
import { SearchForm, SelectField, TextField } from '../../../../components/search-form';
import { handleTree, type TreeNode } from '../../../../lib/tree';
import { useConfirm } from '../../shared/confirm';
import { lazyDialog } from '../../shared/lazy-dialog';
import { DeleteLink, PermittedAddButton, PermittedLink } from '../../shared/row-actions';
import { StatusTag, useStatusOptions } from '../../shared/status';
import { useDeleteDept, useDepts, type DeptFilter } from '../api/depts';
import { actionsColumn, timeColumn } from '../../shared/admin-list';

// The dialog (its parent tree select) loads on demand.
const DeptDialog = lazyDialog(() => import('../components/dept-dialog'), 'DeptDialog');

type DialogState = { open: false } | { open: true; dept?: Dept; parentId?: number };

/** /system/dept (RuoYi): the department tree as a table, searchable, with add, add-below, edit and delete. */
export function DeptPage() {
  const { t } = useTranslation('systemDept');
  const { message } = App.useApp();
  const [filter, setFilter] = useState<DeptFilter>({});
  const depts = useDepts(filter);
  const remove = useDeleteDept();
  const confirm = useConfirm();
  const statuses = useStatusOptions();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const rows = useMemo(
    () =>
      handleTree((depts.data ?? []).map((d) => ({ ...d, id: d.deptId }))) as TreeNode<
        Dept & { id: number }
      >[],
    [depts.data],
  );

  const askDelete = (dept: Dept) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { name: dept.deptName }),
      okText: t('delete'),
      run: () => remove.mutateAsync(dept.deptId).then(() => void message.success(t('deleted'))),
    });

  const columns: TableColumnsType<Dept> = [
    { key: 'name', title: t('name'), dataIndex: 'deptName' },
    { key: 'order', title: t('order'), dataIndex: 'orderNum', width: 100 },
    { key: 'status', title: t('status'), width: 100, render: (_, d) => <StatusTag value={d.status} /> },
    timeColumn('created', t('created'), (d) => d.createTime),
    actionsColumn(t('actions'), (d) => (
      <Flex gap="small" wrap>
        <PermittedLink
          permission="system:dept:edit"
          icon={<EditOutlined />}
          label={t('edit')}
          onClick={() => setDialog({ open: true, dept: d })}
          testId="dept-edit"
        />
        <PermittedLink
          permission="system:dept:add"
          icon={<PlusOutlined />}
          label={t('addChild')}
          onClick={() => setDialog({ open: true, parentId: d.deptId })}
          testId="dept-add-child"
        />
        {d.parentId !== 0 ? (
          <DeleteLink
            permission="system:dept:remove"
            label={t('delete')}
            onClick={() => askDelete(d)}
            testId="dept-delete"
          />
        ) : null}
      </Flex>
    )),
  ];

  return (
    <Flex vertical gap="large" data-testid="page-system-dept">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <SearchForm<DeptFilter>
          fieldWidth={200}
          testId="dept-search"
          onSearch={(values) =>
            setFilter({ deptName: values.deptName?.trim() || undefined, status: values.status })
          }
          onReset={() => setFilter({})}
        >
          <TextField
            name="deptName"
            label={t('name')}
            placeholder={t('namePlaceholder')}
            maxLength={30}
            testId="dept-search-name"
          />
          <SelectField name="status" label={t('status')} options={statuses} testId="dept-search-status" />
        </SearchForm>
      </Card>
      <Card>
        <CardToolbar>
          <PermittedAddButton
            permission="system:dept:add"
            label={t('add')}
            onClick={() => setDialog({ open: true })}
            testId="dept-add"
          />
          <span />
        </CardToolbar>
        <LazyTable<Dept>
          rowKey="deptId"
          columns={columns}
          dataSource={rows}
          loading={depts.isPending || depts.isFetching}
          pagination={false}
          // The whole tree opens at once, as RuoYi's does; a new row shows where it went.
          expandable={{ defaultExpandAllRows: true }}
          key={depts.dataUpdatedAt}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <ListEmpty description={depts.isError ? t('loadFailed') : t('empty')} testId="dept-empty" />
            ),
          }}
          data-testid="dept-table"
        />
      </Card>
      <DeptDialog
        open={dialog.open}
        dept={dialog.open ? dialog.dept : undefined}
        parentId={dialog.open ? dialog.parentId : undefined}
        onClose={() => setDialog({ open: false })}
      />
    </Flex>
  );
}
