import { useState } from 'react';
import { Drawer, type TableColumnsType } from 'antd';
import type { SysNoticeAdmin, SysNoticeReader } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { LazyTable } from '../../../../components/lazy-table';
import { ListEmpty } from '../../../../components/list-empty';
import { Pagination } from '../../../../components/pagination';
import { useNoticeReaders } from '../api/notice-api';
import { timeColumn } from '../../shared/admin-list';

/** Who has read an announcement and when, latest first, paged by the server. */
export function NoticeReadersDrawer({ notice, onClose }: { notice?: SysNoticeAdmin; onClose: () => void }) {
  const { t } = useTranslation('systemNotice');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const readers = useNoticeReaders(notice?.id, paging);
  const columns: TableColumnsType<SysNoticeReader> = [
    { key: 'email', title: t('readers.account'), dataIndex: 'email' },
    { key: 'nickname', title: t('readers.nickname'), dataIndex: 'nickname' },
    timeColumn('readAt', t('readers.readAt'), (reader) => reader.read_at),
  ];
  return (
    <Drawer
      open={notice !== undefined}
      onClose={onClose}
      afterOpenChange={(open) => open || setPaging({ page: 1, limit: 20 })}
      title={t('readers.title', { count: readers.data?.total ?? notice?.read_count ?? 0 })}
      size="large"
      destroyOnHidden
      data-testid="notice-readers"
    >
      <LazyTable<SysNoticeReader>
        rowKey="user_id"
        columns={columns}
        dataSource={readers.data?.list ?? []}
        loading={readers.isPending || readers.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <ListEmpty description={t('readers.empty')} testId="notice-readers-empty" /> }}
        data-testid="notice-readers-table"
      />
      <Pagination
        total={readers.data?.total ?? 0}
        page={paging.page}
        limit={paging.limit}
        onChange={(page, limit) => setPaging({ page, limit })}
        hidden={!readers.data?.total}
      />
    </Drawer>
  );
}
