import { useState } from 'react';
import type { CSSProperties } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import type { SysConfig } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict-tag';
import { DateRangeField, SelectField, TextField } from '../../../../components/search-form';
import { toTimeWindow, type PickedRange } from '../../../../lib/date-range';
import { useDict } from '../../../../lib/dict-cache';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, timeColumn, useEditDeleteColumn } from '../../shared/admin-list';
import { AddRecordButton } from '../../shared/row-actions';
import { useConfigMutations, useConfigs, type ConfigFilter } from '../api/config-api';
import { lazyDialog } from '../../shared/lazy-dialog';

// The dialog (antd Form) loads on demand.
const ConfigDialog = lazyDialog(() => import('../components/config-dialog'), 'ConfigDialog');

const VALUE_CELL: CSSProperties = {
  display: 'inline-block',
  maxWidth: 260,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

interface SearchValues {
  configName?: string;
  configKey?: string;
  configType?: 'Y' | 'N';
  range?: PickedRange;
}

function toFilter({ range, ...values }: SearchValues): ConfigFilter {
  const filter: ConfigFilter = { ...toTimeWindow(range) };
  if (values.configName?.trim()) filter.configName = values.configName.trim();
  if (values.configKey?.trim()) filter.configKey = values.configKey.trim();
  if (values.configType) filter.configType = values.configType;
  return filter;
}

/**
 * /system/config: the sys_configs rows (RuoYi's 参数设置). No refresh-cache button: the server reads
 * settings from the database at each use, so a saved change is live at once.
 */
export function ConfigPage() {
  const { t } = useTranslation('systemConfig');
  const list = useListFilter<ConfigFilter>();
  const configs = useConfigs(list.query);
  const { sys_yes_no: yesNo } = useDict('sys_yes_no');
  const { save, remove } = useConfigMutations();
  const [editing, setEditing] = useState<{ config?: SysConfig }>();

  const columns: TableColumnsType<SysConfig> = [
    { key: 'configId', title: t('id'), dataIndex: 'configId', width: 80 },
    { key: 'configName', title: t('name'), dataIndex: 'configName' },
    { key: 'configKey', title: t('key'), render: (_, config) => <code>{config.configKey}</code> },
    {
      key: 'configValue',
      title: t('value'),
      render: (_, config) => (
        // CSS ellipsis: antd's measured ellipsis keeps re-measuring in a max-content table cell.
        <span title={config.configValue} style={VALUE_CELL} data-testid="config-value-cell">
          {config.configValue}
        </span>
      ),
    },
    {
      key: 'configType',
      title: t('builtin'),
      render: (_, config) => <DictTag options={yesNo} value={config.configType} />,
    },
    {
      key: 'isPublic',
      title: t('public'),
      render: (_, config) =>
        config.isPublic ? <Tag color="green">{t('publicYes')}</Tag> : <Tag>{t('publicNo')}</Tag>,
    },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true },
    timeColumn('createTime', t('createTime'), (config) => config.createTime, { secondary: true }),
    useEditDeleteColumn<SysConfig>({
      title: t('actions'),
      permission: 'system:config',
      testId: 'config',
      onEdit: (config) => setEditing({ config }),
      nameOf: (config) => config.configName,
      idOf: (config) => config.configId,
      builtIn: (config) => config.configType === 'Y',
      remove,
    }),
  ];

  return (
    <AdminList
      title={t('title')}
      subtitle={t('subtitle')}
      testId="configs"
      query={configs}
      list={list}
      columns={columns}
      rowKey="configId"
      search={
        <AdminSearch<SearchValues, ConfigFilter> list={list} toFilter={toFilter} testId="config-search">
          <TextField
            name="configName"
            label={t('name')}
            placeholder={t('namePlaceholder')}
            maxLength={100}
            testId="config-search-name"
          />
          <TextField
            name="configKey"
            label={t('key')}
            placeholder={t('keyPlaceholder')}
            maxLength={100}
            testId="config-search-key"
          />
          <SelectField
            name="configType"
            label={t('builtin')}
            options={yesNo}
            testId="config-search-builtin"
          />
          <DateRangeField label={t('createTime')} testId="config-search-range" />
        </AdminSearch>
      }
      actions={
        <AddRecordButton permission="system:config" onClick={() => setEditing({})} testId="config-add" />
      }
    >
      <ConfigDialog
        open={editing !== undefined}
        config={editing?.config}
        save={save}
        onClose={() => setEditing(undefined)}
      />
    </AdminList>
  );
}
