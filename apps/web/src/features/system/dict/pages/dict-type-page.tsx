import { useState } from 'react';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { DictTypeAdmin } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HasPermi } from '../../../../components/access-guards';
import { DictTag } from '../../../../components/dict-tag';
import { DateRangeField, SelectField, TextField } from '../../../../components/search-form';
import { clearDicts, useDict } from '../../../../lib/dict-cache';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, timeColumn, useEditDeleteColumn } from '../../shared/admin-list';
import { AddRecordButton } from '../../shared/row-actions';
import { useDictTypeMutations, useDictTypes, type DictTypeFilter } from '../api/dict-api';
import { lazyDialog } from '../../shared/lazy-dialog';
import { dictDataPath } from '../paths';

// The dialog (antd Form) loads on demand.
const DictTypeDialog = lazyDialog(() => import('../components/dict-type-dialog'), 'DictTypeDialog');

interface SearchValues {
  dictName?: string;
  dictType?: string;
  status?: '0' | '1';
  range?: PickedRange;
}

function toFilter({ range, ...values }: SearchValues): DictTypeFilter {
  const filter: DictTypeFilter = { ...toTimeWindow(range) };
  if (values.dictName?.trim()) filter.dictName = values.dictName.trim();
  if (values.dictType?.trim()) filter.dictType = values.dictType.trim();
  if (values.status) filter.status = values.status;
  return filter;
}

/** /system/dict: the dictionary types (RuoYi's 字典管理), each leading to its data. */
export function DictTypePage() {
  const { t } = useTranslation('systemDict');
  const list = useListFilter<DictTypeFilter>();
  const types = useDictTypes(list.query);
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  // A type's change can rename or remove a dictionary this browser holds: forget them all.
  const { save, remove } = useDictTypeMutations(clearDicts);
  const [editing, setEditing] = useState<{ type?: DictTypeAdmin }>();

  const columns: TableColumnsType<DictTypeAdmin> = [
    { key: 'dictId', title: t('type.id'), dataIndex: 'dictId', width: 80 },
    {
      key: 'dictName',
      title: t('type.name'),
      render: (_, type) => (
        <Link to={dictDataPath(type.dictId)} data-testid="dict-type-open">
          {type.dictName}
        </Link>
      ),
    },
    { key: 'dictNameEn', title: t('type.nameEn'), dataIndex: 'dictNameEn' },
    {
      key: 'dictType',
      title: t('type.key'),
      render: (_, type) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Link to={dictDataPath(type.dictId)}>{type.dictType}</Link>
          {type.builtin ? (
            <Tooltip title={t('type.builtinHint')}>
              <Tag style={{ marginInlineStart: 8 }}>{t('builtin')}</Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, type) => <DictTag options={statuses} value={type.status} />,
    },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true },
    timeColumn('createTime', t('createTime'), (type) => type.createTime, { secondary: true }),
    useEditDeleteColumn<DictTypeAdmin>({
      title: t('actions'),
      permission: 'system:dict',
      testId: 'dict-type',
      onEdit: (type) => setEditing({ type }),
      nameOf: (type) => type.dictName,
      idOf: (type) => type.dictId,
      builtIn: (type) => type.builtin,
      remove,
    }),
  ];

  return (
    <AdminList
      title={t('type.title')}
      subtitle={t('type.subtitle')}
      testId="dict-types"
      query={types}
      list={list}
      columns={columns}
      rowKey="dictId"
      search={
        <AdminSearch<SearchValues, DictTypeFilter> list={list} toFilter={toFilter} testId="dict-type-search">
          <TextField
            name="dictName"
            label={t('type.name')}
            placeholder={t('type.namePlaceholder')}
            maxLength={100}
            testId="dict-type-search-name"
          />
          <TextField
            name="dictType"
            label={t('type.key')}
            placeholder={t('type.keyPlaceholder')}
            maxLength={100}
            testId="dict-type-search-key"
          />
          <SelectField
            name="status"
            label={t('status')}
            options={statuses}
            testId="dict-type-search-status"
          />
          <DateRangeField label={t('createTime')} testId="dict-type-search-range" />
        </AdminSearch>
      }
      actions={
        <>
          <AddRecordButton permission="system:dict" onClick={() => setEditing({})} testId="dict-type-add" />
          <HasPermi value={['system:dict:list']}>
            <Tooltip title={t('refreshCacheHint')}>
              <Button icon={<ReloadOutlined />} onClick={clearDicts} data-testid="dict-refresh-cache">
                {t('refreshCache')}
              </Button>
            </Tooltip>
          </HasPermi>
        </>
      }
    >
      <DictTypeDialog
        open={editing !== undefined}
        type={editing?.type}
        save={save}
        onClose={() => setEditing(undefined)}
      />
    </AdminList>
  );
}
