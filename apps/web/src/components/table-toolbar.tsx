import { Button, Popover, Skeleton, Space, Tooltip } from 'antd';
import { ReloadOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyPart, usePrefetchWhenIdle } from '../lib/lazy-part';
import type { TableColumn } from '../lib/table-columns';

export interface TableToolbarProps {
  /** Whether the list's search form is shown; with `onToggleSearch` the toolbar offers to toggle it. */
  showSearch?: boolean;
  onToggleSearch?: (show: boolean) => void;
  /** Reloads the list. */
  onRefresh?: () => void;
  /** The columns the user may show or hide; with `onColumnsChange` the toolbar offers the choice. */
  columns?: TableColumn[];
  onColumnsChange?: (columns: TableColumn[]) => void;
}

// The column choice (antd Checkbox, Divider) shows only in its popover: loaded on demand,
// prefetched once the list is idle.
const ColumnChooser = lazyPart(() => import('./column-chooser'), 'ColumnChooser');

/**
 * The buttons at the right above a list (RuoYi's right toolbar): show or hide the search form,
 * reload, and choose the visible columns. Each button appears only when its handler is given.
 */
export function TableToolbar({
  showSearch = true,
  onToggleSearch,
  onRefresh,
  columns,
  onColumnsChange,
}: TableToolbarProps) {
  const { t } = useTranslation('kit');
  const searchLabel = showSearch ? t('toolbar.hideSearch') : t('toolbar.showSearch');
  usePrefetchWhenIdle(ColumnChooser);
  return (
    <Space size={8} data-testid="table-toolbar">
      {onToggleSearch ? (
        <Tooltip title={searchLabel}>
          <Button
            shape="circle"
            icon={<SearchOutlined />}
            aria-label={searchLabel}
            aria-pressed={showSearch}
            data-testid="table-toolbar-search"
            onClick={() => onToggleSearch(!showSearch)}
          />
        </Tooltip>
      ) : null}
      {onRefresh ? (
        <Tooltip title={t('toolbar.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('toolbar.refresh')}
            data-testid="table-toolbar-refresh"
            onClick={onRefresh}
          />
        </Tooltip>
      ) : null}
      {columns && onColumnsChange ? (
        <Popover
          trigger="click"
          placement="bottomRight"
          title={t('toolbar.columns')}
          content={
            <ColumnChooser
              columns={columns}
              onChange={onColumnsChange}
              fallback={<Skeleton active title={false} paragraph={{ rows: 4 }} style={{ minWidth: 160 }} />}
            />
          }
        >
          <Tooltip title={t('toolbar.columns')}>
            <Button
              shape="circle"
              icon={<TableOutlined />}
              aria-label={t('toolbar.columns')}
              data-testid="table-toolbar-columns"
            />
          </Tooltip>
        </Popover>
      ) : null}
    </Space>
  );
}
