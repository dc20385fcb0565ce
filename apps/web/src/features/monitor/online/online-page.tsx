import { Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { OnlineSession } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { TextField } from '../../../components/search-form';
import { useListFilter } from '../../../lib/use-list-filter';
import { actionsColumn, AdminSearch, timeColumn } from '../../system/shared/admin-list';
import { PermittedLink } from '../../system/shared/row-actions';
import { MonitorListEmpty } from '../shared/monitor-list-empty';
import { useDangerConfirm } from '../shared/use-danger-confirm';
import { useForceLogout, useOnlineSessions, type OnlineFilter } from './online-api';

/** The first characters of a session id: enough to tell sessions apart on screen. */
const shortId = (id: string) => id.slice(0, 8);

function useColumns(onForceLogout: (session: OnlineSession) => void): TableColumnsType<OnlineSession> {
  const { t } = useTranslation('monitorOnline');
  return [
    {
      key: 'session',
      title: t('column.session'),
      render: (_, row) => (
        <Tooltip title={row.session_id}>
          <code>{shortId(row.session_id)}</code>
        </Tooltip>
      ),
    },
    {
      key: 'account',
      title: t('column.account'),
      render: (_, row) => (
        <Flex gap={6} align="center">
          <span>{row.email}</span>
          {row.current ? <Tag color="blue">{t('current')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'nickname', title: t('column.nickname'), render: (_, row) => row.nickname ?? '—' },
    { key: 'ip', title: t('column.ip'), dataIndex: 'ip' },
    { key: 'location', title: t('column.location'), render: (_, row) => t(`location.${row.location}`) },
    { key: 'browser', title: t('column.browser'), render: (_, row) => row.browser ?? t('unknown') },
    { key: 'os', title: t('column.os'), render: (_, row) => row.os ?? t('unknown') },
    timeColumn('loginAt', t('column.loginAt'), (row) => row.login_at),
    timeColumn('lastSeenAt', t('column.lastSeenAt'), (row) => row.last_seen_at),
    actionsColumn(t('column.actions'), (row) => (
      <PermittedLink
        permission="monitor:online:forceLogout"
        label={t('forceLogout.button')}
        danger
        onClick={() => onForceLogout(row)}
        testId={`online-force-${row.email}`}
      />
    )),
  ];
}

/** /monitor/online (RuoYi's 在线用户): every live session, with force logout. */
export function OnlineUsersPage() {
  const { t } = useTranslation('monitorOnline');
  const list = useListFilter<OnlineFilter>();
  const sessions = useOnlineSessions(list.query);
  const forceLogout = useForceLogout();
  const confirm = useDangerConfirm();
  const columns = useColumns((row) =>
    confirm(
      {
        title: t('forceLogout.title'),
        content: t(row.current ? 'forceLogout.contentSelf' : 'forceLogout.content', { email: row.email }),
        okText: t('forceLogout.ok'),
        cancelText: t('cancel'),
        done: t('forceLogout.done', { email: row.email }),
        okTestId: 'online-force-ok',
      },
      () => forceLogout.mutateAsync(row.session_id),
    ),
  );

  return (
    <Flex vertical gap="large" data-testid="page-monitor-online">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <RecordList
        search={
          <AdminSearch<OnlineFilter, OnlineFilter>
            list={list}
            toFilter={(values) => ({
              ipaddr: values.ipaddr?.trim() || undefined,
              userName: values.userName?.trim() || undefined,
            })}
            testId="online-search"
          >
            <TextField
              name="ipaddr"
              label={t('column.ip')}
              placeholder={t('search.ip')}
              maxLength={64}
              testId="online-ip"
            />
            <TextField
              name="userName"
              label={t('column.account')}
              placeholder={t('search.account')}
              maxLength={254}
              testId="online-account"
            />
          </AdminSearch>
        }
        query={sessions}
        list={list}
        columns={columns}
        rowKey="session_id"
        emptyText={
          <MonitorListEmpty
            texts={{ ns: 'monitorOnline', group: 'empty' }}
            query={sessions}
            filter={list.filter}
            testIdPrefix="online"
          />
        }
        tableTestId="online-table"
      />
    </Flex>
  );
}
