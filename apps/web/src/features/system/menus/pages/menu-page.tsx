import { useMemo, useState } from 'react';
import { Button, Card, Flex, Tag, type TableColumnsType } from 'antd';
import {
  ColumnHeightOutlined,
  EditOutlined,
  PlusOutlined,
  VerticalAlignMiddleOutlined,
} from '@ant-design/icons';
import type { Menu, StatusFlag } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../../app/shell/menu-icon';
import { CardToolbar } from '../../../../components/card-toolbar';
import { DictTag } from '../../../../components/dict-tag';
import { LazyTable } from '../../../../components/lazy-table';
import { RecordListEmpty } from '../../../../components/list-empty';
import { PageHeading } from '../../../../components/page-heading';
import { SearchForm, SelectField, TextField } from '../../../../components/search-form';
import { useDict } from '../../../../lib/dict-cache';
import { handleTree, type TreeNode } from '../../../../lib/tree';
import { useConfirmedAction } from '../../shared/confirm';
import { listEmptyTexts } from '../../shared/list-empty';
import { DeleteLink, PermittedAddButton, PermittedLink } from '../../shared/row-actions';
import { useDeleteMenu, useMenus } from '../api/menus';
import type { MenuFormDialogProps } from '../components/menu-form-dialog';
import { menuTitle } from '../menu-title';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../../lib/lazy-part';
import { actionsColumn, timeColumn } from '../../shared/admin-list';

// The form (parent tree select, icon picker) loads on demand.
const MenuFormDialog = lazyPart(() => import('../components/menu-form-dialog'), 'MenuFormDialog');

interface MenuSearchValues {
  menuName?: string;
  status?: StatusFlag;
}

type MenuNode = TreeNode<Menu>;

/** /system/menu: RuoYi's menu management, a tree table of directories, pages and buttons. */
export function MenuPage() {
  const { t } = useTranslation('systemMenu');
  const { t: tCommon } = useTranslation();
  const [filter, setFilter] = useState<MenuSearchValues>({});
  const menus = useMenus(filter.status);
  const dicts = useDict('sys_normal_disable');
  const remove = useDeleteMenu();
  const confirm = useConfirmedAction();
  const [expanded, setExpanded] = useState<number[]>([]);
  usePrefetchWhenIdle(MenuFormDialog);
  const [dialog, setDialog] = useState<MenuFormDialogProps['target']>();

  // Titles are translated here, so the name filter matches what the reader sees.
  const rows = useMemo(() => {
    const all = menus.data ?? [];
    const name = filter.menuName?.toLowerCase();
    const shown = name ? all.filter((m) => menuTitle(m, tCommon).toLowerCase().includes(name)) : all;
    return handleTree(
      shown as unknown as Record<string, unknown>[],
      'menuId',
      'parentId',
    ) as unknown as MenuNode[];
  }, [menus.data, filter.menuName, tCommon]);
  const parentIds = useMemo(
    () => (menus.data ?? []).filter((m) => m.menuType !== 'F').map((m) => m.menuId),
    [menus.data],
  );

  const confirmDelete = (menu: Menu) =>
    confirm({
      title: t('delete.title'),
      content: t('delete.content', { name: menuTitle(menu, tCommon) }),
      done: t('delete.done'),
      run: () => remove.mutateAsync(menu.menuId),
    });

  const columns: TableColumnsType<MenuNode> = [
    {
      key: 'menuName',
      title: t('column.menuName'),
      render: (_, menu) => (
        <span data-testid={`menu-row-${menu.menuId}`}>
          {menuTitle(menu, tCommon)}
          {menu.builtIn ? null : (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              {t('column.custom')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'icon',
      title: t('column.icon'),
      width: 70,
      align: 'center',
      render: (_, m) => menuIcon(m.icon || null, false),
    },
    { key: 'type', title: t('column.type'), width: 90, render: (_, m) => t(`type.${m.menuType}`) },
    { key: 'orderNum', title: t('column.orderNum'), dataIndex: 'orderNum', width: 80 },
    { key: 'perms', title: t('column.perms'), render: (_, m) => m.perms || '—' },
    {
      key: 'component',
      title: t('column.component'),
      render: (_, m) => m.component || (m.link ? m.link : '—'),
    },
    {
      key: 'status',
      title: t('column.status'),
      width: 90,
      render: (_, m) => <DictTag options={dicts.sys_normal_disable} value={m.status} />,
    },
    timeColumn('createTime', t('column.createTime'), (m) => m.createTime),
    actionsColumn(t('column.actions'), (menu) => (
      <Flex gap={4} wrap={false}>
        <PermittedLink
          permission="system:menu:edit"
          label={t('action.edit')}
          icon={<EditOutlined />}
          onClick={() => setDialog({ menu })}
        />
        {menu.menuType === 'F' ? null : (
          <PermittedLink
            permission="system:menu:add"
            label={t('action.add')}
            icon={<PlusOutlined />}
            onClick={() => setDialog({ parentId: menu.menuId })}
            testId={`menu-add-under-${menu.menuId}`}
          />
        )}
        {menu.builtIn ? null : (
          <DeleteLink
            permission="system:menu:remove"
            label={t('action.delete')}
            onClick={() => confirmDelete(menu)}
            testId={`menu-delete-${menu.menuId}`}
          />
        )}
      </Flex>
    )),
  ];

  const allExpanded = expanded.length > 0;
  return (
    <Flex vertical gap="large" data-testid="page-system-menu">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <Card>
        <SearchForm<MenuSearchValues>
          fieldWidth={200}
          testId="menu-search"
          onSearch={(values) => {
            setFilter({ menuName: values.menuName?.trim() || undefined, status: values.status });
            // A search shows where its matches are.
            if (values.menuName?.trim()) setExpanded(parentIds);
          }}
          onReset={() => setFilter({})}
        >
          <TextField
            name="menuName"
            label={t('column.menuName')}
            placeholder={t('filter.menuName')}
            maxLength={50}
            testId="menu-filter-name"
          />
          <SelectField
            name="status"
            label={t('column.status')}
            options={dicts.sys_normal_disable}
            testId="menu-filter-status"
          />
        </SearchForm>
      </Card>
      <Card>
        <CardToolbar>
          <Flex gap="small" wrap>
            <PermittedAddButton
              permission="system:menu:add"
              label={t('action.add')}
              onClick={() => setDialog({ parentId: 0 })}
              testId="menu-add"
            />
            <Button
              icon={allExpanded ? <VerticalAlignMiddleOutlined /> : <ColumnHeightOutlined />}
              onClick={() => setExpanded(allExpanded ? [] : parentIds)}
              data-testid="menu-expand"
            >
              {allExpanded ? t('action.collapseAll') : t('action.expandAll')}
            </Button>
          </Flex>
        </CardToolbar>
        <LazyTable<MenuNode>
          rowKey="menuId"
          columns={columns}
          dataSource={rows}
          loading={menus.isPending}
          pagination={false}
          expandable={{
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
          }}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <RecordListEmpty
                failed={menus.isError}
                filtered={Boolean(filter.menuName || filter.status)}
                onRetry={() => void menus.refetch()}
                testIdPrefix="menus"
                texts={listEmptyTexts((key) => t(`page.${key}`))}
              />
            ),
          }}
          data-testid="menus-table"
        />
      </Card>
      {dialog ? (
        <MenuFormDialog
          target={dialog}
          menus={menus.data ?? []}
          onClose={() => setDialog(undefined)}
          fallback={<LoadingDialog open onCancel={() => setDialog(undefined)} />}
        />
      ) : null}
    </Flex>
  );
}
