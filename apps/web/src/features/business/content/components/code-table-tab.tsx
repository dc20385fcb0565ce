import { useState } from 'react';
import { Form, Input, InputNumber, type TableColumnsType } from 'antd';
import type { AdminCodeTableBody, AdminCodeTableEntry } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/search-form';
import { useListFilter } from '../../../../lib/use-list-filter';
import { actionsColumn, AdminList, AdminSearch } from '../../../system/shared/admin-list';
import { useConfirmDelete } from '../../../system/shared/confirm';
import { FormDialog } from '../../../system/shared/form-dialog';
import { AddRecordButton, RowActions } from '../../../system/shared/row-actions';
import { useCodeTable, useCodeTableMutations, type ContentFilter } from '../api/content-api';

const CODE_KEY = /^[a-z][a-z0-9_]*\.[a-z0-9_]+$/;
/** FormDialog tells an edit by a record number; entries have none, their key names them. */
const EDITING = 1;

/** The code table: the labels of server codes (units, pay types…) customers read in their language. */
export function CodeTableTab() {
  const { t } = useTranslation('businessContent');
  const list = useListFilter<ContentFilter>();
  const query = useCodeTable(list.query);
  const { save, remove } = useCodeTableMutations();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<{ entry?: AdminCodeTableEntry }>();

  const columns: TableColumnsType<AdminCodeTableEntry> = [
    { key: 'key', title: t('code.key'), render: (_, entry) => <code>{entry.key}</code> },
    { key: 'labelZh', title: t('code.labelZh'), dataIndex: 'labelZh' },
    { key: 'labelEn', title: t('code.labelEn'), dataIndex: 'labelEn' },
    { key: 'sort', title: t('sort'), dataIndex: 'sort', width: 72, responsive: ['lg'] },
    actionsColumn(t('actions'), (entry) => (
      <RowActions
        permission="business:content"
        testId="content-code"
        onEdit={() => setEditing({ entry })}
        onDelete={() => void confirmDelete(entry.key, () => remove.mutateAsync(entry.key))}
      />
    )),
  ];

  return (
    <>
      <AdminList
        search={
          <AdminSearch<{ keyword?: string }, ContentFilter>
            list={list}
            toFilter={(values) => (values.keyword?.trim() ? { keyword: values.keyword.trim() } : {})}
            testId="content-code-search"
          >
            <TextField
              name="keyword"
              label={t('keyword')}
              placeholder={t('code.keywordPlaceholder')}
              maxLength={100}
              testId="content-code-search-keyword"
            />
          </AdminSearch>
        }
        query={query}
        list={list}
        columns={columns}
        rowKey="key"
        actions={
          <AddRecordButton
            permission="business:content"
            onClick={() => setEditing({})}
            testId={`${'content-code'}-add`}
          />
        }
        testId="content-code"
      />
      <FormDialog<Required<AdminCodeTableBody>, AdminCodeTableBody>
        open={editing !== undefined}
        recordId={editing?.entry ? EDITING : undefined}
        initialValues={editing?.entry ?? { sort: 0 }}
        toBody={(values) => ({ ...values, key: values.key.trim(), sort: values.sort ?? 0 })}
        save={save}
        onClose={() => setEditing(undefined)}
        titles={{ create: t('code.createTitle'), edit: t('code.editTitle') }}
        testId="code-dialog"
      >
        {() => (
          <>
            <Form.Item
              name="key"
              label={t('code.key')}
              extra={editing?.entry ? t('code.keyFixed') : t('code.keyHint')}
              rules={[
                { required: true, message: t('code.keyHint') },
                { pattern: CODE_KEY, message: t('code.keyHint') },
              ]}
            >
              <Input maxLength={100} disabled={editing?.entry !== undefined} data-testid="code-field-key" />
            </Form.Item>
            <Form.Item
              name="labelZh"
              label={t('code.labelZh')}
              rules={[
                { required: true, whitespace: true, message: t('required', { field: t('code.labelZh') }) },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="labelEn"
              label={t('code.labelEn')}
              rules={[
                { required: true, whitespace: true, message: t('required', { field: t('code.labelEn') }) },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="sort" label={t('sort')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </>
  );
}
