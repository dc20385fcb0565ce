import { useState } from 'react';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DictDataAdmin } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DictTag } from '../../../../components/dict-tag';
import { ResultView } from '../../../../components/result-view';
import { SelectField, TextField } from '../../../../components/search-form';
import { removeDict, useDict } from '../../../../lib/dict-cache';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, timeColumn, useEditDeleteColumn } from '../../shared/admin-list';
import { AddRecordButton } from '../../shared/row-actions';
import { useDictData, useDictDataMutations, useDictTypeOptions, type DictDataFilter } from '../api/dict-api';
import { lazyDialog } from '../../shared/lazy-dialog';
import { DICT_TYPES_PATH } from '../paths';

// The dialog (antd Form) loads on demand.
const DictDataDialog = lazyDialog(() => import('../components/dict-data-dialog'), 'DictDataDialog');

interface SearchValues {
  dictLabel?: string;
  status?: '0' | '1';
}

/** The entry shown as the tag it makes (its listClass and cssClass), as users will see it. */
const asTag = (entry: DictDataAdmin) => (
  <DictTag
    options={[
      {
        value: entry.dictValue,
        label: entry.dictLabel,
        elTagType: entry.listClass,
        elTagClass: entry.cssClass,
      },
    ]}
    value={entry.dictValue}
  />
);

/** /system/dict-data/index/{dictId}: the entries of one dictionary type (RuoYi's 字典数据). */
export function DictDataPage() {
  const { t, i18n } = useTranslation('systemDict');
  const navigate = useNavigate();
  const { dictId = '' } = useParams();
  const options = useDictTypeOptions();
  const validId = /^\d{1,15}$/.test(dictId);
  const type = options.data?.find((option) => String(option.dictId) === dictId);
  const list = useListFilter<DictDataFilter>();
  const entries = useDictData({ ...list.query, dictType: type?.dictType }, type !== undefined);
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  // This browser's copy of the dictionary is dropped, so its next use shows the change.
  const { save, remove } = useDictDataMutations(() => type && removeDict(type.dictType));
  const [editing, setEditing] = useState<{ entry?: DictDataAdmin }>();
  const rowActions = useEditDeleteColumn<DictDataAdmin>({
    title: t('actions'),
    permission: 'system:dict',
    testId: 'dict-data',
    onEdit: (entry) => setEditing({ entry }),
    nameOf: (entry) => entry.dictLabel,
    idOf: (entry) => entry.dictCode,
    builtIn: (entry) => entry.builtin,
    remove,
  });

  if (!validId || (options.isSuccess && !type)) {
    return (
      <ResultView
        status="404"
        title={t('data.notFound')}
        extra={<Button onClick={() => void navigate(DICT_TYPES_PATH)}>{t('data.back')}</Button>}
        data-testid="dict-data-not-found"
      />
    );
  }

  const columns: TableColumnsType<DictDataAdmin> = [
    { key: 'dictCode', title: t('data.code'), dataIndex: 'dictCode', width: 80 },
    { key: 'dictLabel', title: t('data.label'), render: (_, entry) => asTag(entry) },
    { key: 'dictLabelEn', title: t('data.labelEn'), dataIndex: 'dictLabelEn' },
    {
      key: 'dictValue',
      title: t('data.value'),
      render: (_, entry) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <code>{entry.dictValue}</code>
          {entry.builtin ? (
            <Tooltip title={t('data.builtinHint')}>
              <Tag style={{ marginInlineStart: 8 }}>{t('builtin')}</Tag>
            </Tooltip>
          ) : null}
          {entry.isDefault === 'Y' ? <Tag color="blue">{t('data.default')}</Tag> : null}
        </span>
      ),
    },
    { key: 'dictSort', title: t('data.sort'), dataIndex: 'dictSort', align: 'right' },
    {
      key: 'status',
      title: t('status'),
      render: (_, entry) => <DictTag options={statuses} value={entry.status} />,
    },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true },
    timeColumn('createTime', t('createTime'), (entry) => entry.createTime, { secondary: true }),
    rowActions,
  ];

  return (
    <AdminList
      title={t('data.title', {
        name: (i18n.language.startsWith('en') ? type?.dictNameEn : type?.dictName) ?? '',
      })}
      subtitle={type ? <code>{type.dictType}</code> : t('data.loading')}
      heading={
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate(DICT_TYPES_PATH)}
          data-testid="dict-data-back"
        >
          {t('data.back')}
        </Button>
      }
      testId="dict-data"
      query={entries}
      list={list}
      columns={columns}
      rowKey="dictCode"
      search={
        <AdminSearch<SearchValues, DictDataFilter>
          list={list}
          toFilter={(values) => ({
            ...(values.dictLabel?.trim() ? { dictLabel: values.dictLabel.trim() } : {}),
            ...(values.status ? { status: values.status } : {}),
          })}
          testId="dict-data-search"
        >
          <TextField
            name="dictLabel"
            label={t('data.label')}
            placeholder={t('data.labelPlaceholder')}
            maxLength={100}
            testId="dict-data-search-label"
          />
          <SelectField
            name="status"
            label={t('status')}
            options={statuses}
            testId="dict-data-search-status"
          />
        </AdminSearch>
      }
      actions={
        <AddRecordButton permission="system:dict" onClick={() => setEditing({})} testId="dict-data-add" />
      }
    >
      {type ? (
        <DictDataDialog
          open={editing !== undefined}
          dictType={type.dictType}
          entry={editing?.entry}
          save={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </AdminList>
  );
}
