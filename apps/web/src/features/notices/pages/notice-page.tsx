import { useEffect, useState } from 'react';
import {
  App,
  Badge,
  Button,
  Card,
  Collapse,
  Empty,
  Flex,
  Popconfirm,
  Segmented,
  Skeleton,
  theme,
  type CollapseProps,
} from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { UserNotice } from '@cloudbay/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CardToolbar } from '../../../components/card-toolbar';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { usePageQuery } from '../../../lib/use-page-query';
import { useNotices, type NoticeFilter } from '../api/list-notices';
import { useMarkNoticeRead } from '../api/mark-notice-read';
import { NoticeKindTag } from '../components/notice-kind-tag';
import { formatDateTime } from '../../../lib/format-time';
import { OPEN_NOTICE_PARAM } from '../paths';

const FILTERS: readonly NoticeFilter[] = ['all', 'unread', 'read'];
const FILTER_PARAM = 'filter';

function parseFilter(value: string | null): NoticeFilter {
  return FILTERS.find((filter) => filter === value) ?? 'all';
}

/** The list's filter in the URL (`?filter=unread`), so a reload shows the same view. */
function useNoticeFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get(FILTER_PARAM));
  const setFilter = (next: NoticeFilter) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'all') params.delete(FILTER_PARAM);
        else params.set(FILTER_PARAM, next);
        // Another filter is another list: back to its first page.
        params.delete('page');
        params.delete(OPEN_NOTICE_PARAM);
        return params;
      },
      { replace: true },
    );
  const openId = Number(searchParams.get(OPEN_NOTICE_PARAM)) || undefined;
  return { filter, setFilter, openId };
}

function NoticeHeader({ notice }: { notice: UserNotice }) {
  const { t } = useTranslation('notices');
  const { token } = theme.useToken();
  const unread = notice.is_read === 0;
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid={`notice-${notice.notice_id}`}>
      <Flex align="center" gap="small" wrap>
        <Badge status={unread ? 'processing' : 'default'} aria-hidden />
        <span
          style={{
            fontWeight: unread ? token.fontWeightStrong : undefined,
            color: unread ? token.colorTextHeading : token.colorTextSecondary,
            overflowWrap: 'break-word',
            minWidth: 0,
          }}
        >
          {notice.title}
        </span>
        <NoticeKindTag kind={notice.kind} />
      </Flex>
      <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM, paddingInlineStart: 14 }}>
        {formatDateTime(notice.created_at)}
        {' · '}
        <span data-testid={`notice-state-${notice.notice_id}`}>
          {unread
            ? t('page.unread')
            : t('page.readAt', { time: formatDateTime(notice.read_at ?? notice.created_at) })}
        </span>
      </span>
    </Flex>
  );
}

/** The notices as expandable rows; expanding an unread one marks it read. */
function NoticeList({ notices, openId }: { notices: UserNotice[]; openId: number | undefined }) {
  const { token } = theme.useToken();
  const markRead = useMarkNoticeRead();
  const [expanded, setExpanded] = useState<string[]>(() => (openId ? [String(openId)] : []));

  const markIfUnread = (ids: string[]) => {
    for (const notice of notices) {
      if (notice.is_read === 0 && ids.includes(String(notice.notice_id))) markRead.mutate(notice.notice_id);
    }
  };

  // A notice opened from the bell (`?open=<id>`) is read once it is on screen; once marked, the
  // list shows it read and this does not run again.
  const openUnread = notices.some((notice) => notice.notice_id === openId && notice.is_read === 0);
  const { mutate } = markRead;
  useEffect(() => {
    if (openUnread && openId) mutate(openId);
  }, [openUnread, openId, mutate]);

  const onChange = (keys: string[]) => {
    markIfUnread(keys.filter((key) => !expanded.includes(key)));
    setExpanded(keys);
  };

  const items: CollapseProps['items'] = notices.map((notice) => ({
    key: String(notice.notice_id),
    label: <NoticeHeader notice={notice} />,
    children: (
      <p
        style={{ margin: 0, paddingInlineStart: 14, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        data-testid={`notice-content-${notice.notice_id}`}
      >
        {notice.content}
      </p>
    ),
  }));

  return (
    <Collapse
      items={items}
      activeKey={expanded}
      onChange={onChange}
      expandIconPlacement="end"
      ghost
      styles={{ header: { alignItems: 'center' }, root: { marginInline: -token.paddingSM } }}
      data-testid="notice-list"
    />
  );
}

/** /cloud/notice: the user's notices by read state, paged by the server (spec §2, §4 Notifications). */
export function NoticePage() {
  const { t } = useTranslation('notices');
  const { message } = App.useApp();
  const { filter, setFilter, openId } = useNoticeFilter();
  const { page, limit, setPage } = usePageQuery();
  const notices = useNotices({ page, limit, filter });
  const markRead = useMarkNoticeRead();
  const unread = notices.data?.no_read_count ?? 0;
  const list = notices.data?.list ?? [];

  const markAll = () => markRead.mutateAsync('all').then(() => void message.success(t('page.markAllDone')));

  const filterOptions = FILTERS.map((value) => ({
    value,
    label:
      value === 'unread' && unread ? (
        <Flex align="center" gap={6}>
          {t('page.filter.unread')}
          <Badge count={unread} size="small" overflowCount={99} />
        </Flex>
      ) : (
        t(`page.filter.${value}`)
      ),
  }));

  return (
    <Flex vertical gap="large" data-testid="page-notices">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <Card>
        <CardToolbar>
          <Segmented
            options={filterOptions}
            value={filter}
            onChange={(value) => setFilter(value)}
            aria-label={t('page.filterLabel')}
            data-testid="notice-filter"
          />
          <Popconfirm title={t('page.markAllConfirm')} onConfirm={markAll} disabled={unread === 0}>
            <Button icon={<CheckOutlined />} disabled={unread === 0} data-testid="notice-mark-all">
              {t('page.markAllRead')}
            </Button>
          </Popconfirm>
        </CardToolbar>
        {notices.isPending ? (
          <div data-testid="notice-loading">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ) : list.length ? (
          // Keyed by the view, so expanded rows do not carry over to another filter or page.
          <NoticeList key={`${filter}:${page}:${limit}:${openId ?? ''}`} notices={list} openId={openId} />
        ) : (
          <Empty description={t(`page.empty.${filter}`)} data-testid="notice-empty" />
        )}
        <Pagination
          total={notices.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={setPage}
          hidden={!notices.data?.total}
        />
      </Card>
    </Flex>
  );
}
