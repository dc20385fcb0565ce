import { useState } from 'react';
import { App, Flex, type TableColumnsType } from 'antd';
import type { Post } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { SelectField, TextField } from '../../../../components/search-form';
import { useAccess } from '../../../../lib/access';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useConfirm } from '../../shared/confirm';
import { lazyDialog } from '../../shared/lazy-dialog';
import { AdminListEmpty } from '../../shared/list-empty';
import { PermittedAddButton, RowActions } from '../../shared/row-actions';
import { StatusTag, useStatusOptions } from '../../shared/status';
import { useDeletePosts, useExportPosts, usePosts, type PostFilter } from '../api/posts';
import { actionsColumn, AdminSearch, timeColumn } from '../../shared/admin-list';

// The dialog loads on demand.
const PostDialog = lazyDialog(() => import('../components/post-dialog'), 'PostDialog');

/** /system/post (RuoYi): posts (job titles) with search, add, edit, delete and export. */
export function PostPage() {
  const { t } = useTranslation('systemPost');
  const { message } = App.useApp();
  const { hasPermi } = useAccess();
  const list = useListFilter<PostFilter>();
  const posts = usePosts(list.query);
  const remove = useDeletePosts();
  const exporter = useExportPosts();
  const confirm = useConfirm();
  const statuses = useStatusOptions();
  const [dialog, setDialog] = useState<{ open: boolean; post?: Post }>({ open: false });

  const askDelete = (post: Post) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { name: post.postName }),
      okText: t('delete'),
      run: () => remove.mutateAsync([post.postId]).then(() => void message.success(t('deleted'))),
    });

  const columns: TableColumnsType<Post> = [
    { key: 'id', title: t('id'), dataIndex: 'postId', width: 90 },
    { key: 'code', title: t('code'), dataIndex: 'postCode' },
    { key: 'name', title: t('name'), dataIndex: 'postName' },
    { key: 'order', title: t('order'), dataIndex: 'postSort', width: 100 },
    { key: 'status', title: t('status'), render: (_, p) => <StatusTag value={p.status} /> },
    timeColumn('created', t('created'), (p) => p.createTime),
    actionsColumn(t('actions'), (p) => (
      <RowActions
        permission="system:post"
        testId="post"
        onEdit={() => setDialog({ open: true, post: p })}
        onDelete={() => askDelete(p)}
      />
    )),
  ];

  return (
    <Flex vertical gap="large" data-testid="page-system-post">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <RecordList
        search={
          <AdminSearch<PostFilter, PostFilter>
            list={list}
            toFilter={(v) => ({
              postCode: v.postCode?.trim() || undefined,
              postName: v.postName?.trim() || undefined,
              status: v.status,
            })}
            testId="post-search"
          >
            <TextField
              name="postCode"
              label={t('code')}
              placeholder={t('codePlaceholder')}
              maxLength={64}
              testId="post-search-code"
            />
            <TextField
              name="postName"
              label={t('name')}
              placeholder={t('namePlaceholder')}
              maxLength={50}
              testId="post-search-name"
            />
            <SelectField name="status" label={t('status')} options={statuses} testId="post-search-status" />
          </AdminSearch>
        }
        query={posts}
        list={list}
        columns={columns}
        rowKey="postId"
        actions={
          <PermittedAddButton
            permission="system:post:add"
            label={t('add')}
            onClick={() => setDialog({ open: true })}
            testId="post-add"
          />
        }
        exporter={hasPermi('system:post:export') ? exporter : undefined}
        exportTestId="post-export"
        tableTestId="post-table"
        emptyText={
          <AdminListEmpty query={posts} filter={list.filter} text={(key) => t(key)} testIdPrefix="post" />
        }
      />
      <PostDialog open={dialog.open} post={dialog.post} onClose={() => setDialog({ open: false })} />
    </Flex>
  );
}
