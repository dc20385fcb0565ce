import { useState, type ComponentType } from 'react';
import type { TableColumnsType } from 'antd';
import type { ContentKind } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../../components/search-form';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, timeColumn, useEditDeleteColumn } from '../../../system/shared/admin-list';
import { AddRecordButton } from '../../../system/shared/row-actions';
import {
  useContentList,
  useContentMutations,
  type ContentFilter,
  type ContentKinds,
} from '../api/content-api';

interface SearchValues {
  keyword?: string;
  enabled?: 'true' | 'false';
}

function toFilter(values: SearchValues): ContentFilter {
  const filter: ContentFilter = {};
  if (values.keyword?.trim()) filter.keyword = values.keyword.trim();
  if (values.enabled) filter.enabled = values.enabled;
  return filter;
}

/** What a kind's add / edit dialog is given. */
export interface ContentDialogProps<K extends ContentKind> {
  open: boolean;
  record?: ContentKinds[K]['row'];
  save: ReturnType<typeof useContentMutations<K>>['save'];
  onClose: () => void;
}

/**
 * One kind's tab: search by keyword (both languages) and visibility, the table, Add, and per row
 * Edit and a confirmed Delete, each behind its button permission.
 */
export function ContentRowsTab<K extends ContentKind>({
  kind,
  columns,
  nameOf,
  Dialog,
}: {
  kind: K;
  /** The kind's own columns; the update time and the actions follow them. */
  columns: TableColumnsType<ContentKinds[K]['row']>;
  nameOf: (row: ContentKinds[K]['row']) => string;
  Dialog: ComponentType<ContentDialogProps<K>>;
}) {
  const { t } = useTranslation('businessContent');
  const list = useListFilter<ContentFilter>();
  const query = useContentList(kind, list.query);
  const { save, remove } = useContentMutations(kind);
  const [editing, setEditing] = useState<{ record?: ContentKinds[K]['row'] }>();
  const testId = `content-${kind}`;

  const allColumns: TableColumnsType<ContentKinds[K]['row']> = [
    ...columns,
    timeColumn('updateTime', t('updateTime'), (row) => row.updateTime, { secondary: true }),
    useEditDeleteColumn<ContentKinds[K]['row']>({
      title: t('actions'),
      permission: 'business:content',
      testId,
      onEdit: (record) => setEditing({ record }),
      nameOf,
      idOf: (row) => row.id,
      remove,
    }),
  ];

  return (
    <>
      <AdminList
        search={
          <AdminSearch<SearchValues, ContentFilter>
            list={list}
            toFilter={toFilter}
            testId={`${testId}-search`}
          >
            <TextField
              name="keyword"
              label={t('keyword')}
              placeholder={t('keywordPlaceholder')}
              maxLength={100}
              testId={`${testId}-search-keyword`}
            />
            <SelectField
              name="enabled"
              label={t('visibility')}
              options={[
                { value: 'true', label: t('shown') },
                { value: 'false', label: t('hidden') },
              ]}
              testId={`${testId}-search-enabled`}
            />
          </AdminSearch>
        }
        query={query}
        list={list}
        columns={allColumns}
        rowKey="id"
        actions={
          <AddRecordButton
            permission="business:content"
            onClick={() => setEditing({})}
            testId={`${testId}-add`}
          />
        }
        testId={testId}
      />
      <Dialog
        open={editing !== undefined}
        record={editing?.record}
        save={save}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
