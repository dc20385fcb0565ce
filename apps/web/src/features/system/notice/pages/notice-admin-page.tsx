import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import type { SysNoticeAdmin } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../../components/search-form';
import { useListFilter } from '../../../../lib/use-list-filter';
import { AdminList, AdminSearch, timeColumn, useEditDeleteColumn } from '../../shared/admin-list';
import { AddRecordButton, PermittedLink } from '../../shared/row-actions';
import { useAdminNotices, useNoticeMutations, type NoticeFilter } from '../api/notice-api';
import { lazyDialog } from '../../shared/lazy-dialog';
import { LoadingOverlay, lazyPart } from '../../../../lib/lazy-part';

// The dialog (antd Form, the rich-text editor) loads on demand.
const NoticeDialog = lazyDialog(() => import('../components/notice-dialog'), 'NoticeDialog');
const NoticeReadersDrawer = lazyPart(
  () => import('../components/notice-readers-drawer'),
  'NoticeReadersDrawer',
);

type SearchValues = NoticeFilter;

function toFilter(values: SearchValues): NoticeFilter {
  const filter: NoticeFilter = {};
  if (values.title?.trim()) filter.title = values.title.trim();
  if (values.author?.trim()) filter.author = values.author.trim();
  if (values.notice_type) filter.notice_type = values.notice_type;
  if (values.status) filter.status = values.status;
  return filter;
}

/** /system/notice: announcements (RuoYi's 通知公告), written in both languages, with who has read each. */
export function NoticeAdminPage() {
  const { t, i18n } = useTranslation('systemNotice');
  const list = useListFilter<NoticeFilter>();
  const notices = useAdminNotices(list.query);
  const { save, remove } = useNoticeMutations();
  const [editing, setEditing] = useState<{ notice?: SysNoticeAdmin }>();
  const [readersOf, setReadersOf] = useState<SysNoticeAdmin>();
  const titleOf = (notice: SysNoticeAdmin) =>
    i18n.language.startsWith('en') ? notice.title_en : notice.title_zh;
  const typeOptions = (['1', '2'] as const).map((value) => ({ value, label: t(`types.${value}`) }));
  const statusOptions = (['0', '1'] as const).map((value) => ({ value, label: t(`statuses.${value}`) }));

  const columns: TableColumnsType<SysNoticeAdmin> = [
    { key: 'id', title: t('id'), dataIndex: 'id', width: 80 },
    { key: 'title', title: t('title'), render: (_, notice) => titleOf(notice), ellipsis: true },
    {
      key: 'type',
      title: t('type'),
      render: (_, notice) => (
        <Tag color={notice.notice_type === '1' ? 'gold' : 'blue'}>{t(`types.${notice.notice_type}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, notice) => (
        <Tag color={notice.status === '0' ? 'success' : 'default'} data-testid="notice-status-tag">
          {t(`statuses.${notice.status}`)}
        </Tag>
      ),
    },
    { key: 'author', title: t('author'), render: (_, notice) => notice.author || '—' },
    {
      key: 'readCount',
      title: t('readCount'),
      align: 'right',
      render: (_, notice) => <span data-testid="notice-read-count">{notice.read_count}</span>,
    },
    timeColumn('createdAt', t('createdAt'), (notice) => notice.created_at),
    useEditDeleteColumn<SysNoticeAdmin>({
      title: t('actions'),
      permission: 'system:notice',
      testId: 'notice',
      onEdit: (notice) => setEditing({ notice }),
      nameOf: titleOf,
      idOf: (notice) => notice.id,
      remove,
      extra: (notice) => (
        <PermittedLink
          permission="system:notice:query"
          label={t('readers.open')}
          icon={<TeamOutlined />}
          onClick={() => setReadersOf(notice)}
          testId="notice-readers-open"
        />
      ),
    }),
  ];

  return (
    <AdminList
      title={t('pageTitle')}
      subtitle={t('subtitle')}
      testId="notices-admin"
      query={notices}
      list={list}
      columns={columns}
      rowKey="id"
      search={
        <AdminSearch<SearchValues, NoticeFilter> list={list} toFilter={toFilter} testId="notice-search">
          <TextField
            name="title"
            label={t('title')}
            placeholder={t('titlePlaceholder')}
            maxLength={100}
            testId="notice-search-title"
          />
          <TextField
            name="author"
            label={t('author')}
            placeholder={t('authorPlaceholder')}
            maxLength={100}
            testId="notice-search-author"
          />
          <SelectField
            name="notice_type"
            label={t('type')}
            options={typeOptions}
            testId="notice-search-type"
          />
          <SelectField
            name="status"
            label={t('status')}
            options={statusOptions}
            testId="notice-search-status"
          />
        </AdminSearch>
      }
      actions={
        <AddRecordButton permission="system:notice" onClick={() => setEditing({})} testId="notice-add" />
      }
    >
      <NoticeDialog
        open={editing !== undefined}
        notice={editing?.notice}
        save={save}
        onClose={() => setEditing(undefined)}
      />
      <NoticeReadersDrawer
        when={readersOf !== undefined}
        fallback={<LoadingOverlay />}
        notice={readersOf}
        onClose={() => setReadersOf(undefined)}
      />
    </AdminList>
  );
}
