import { App, Button, Flex, Popconfirm, Table, Tag, theme, type TableColumnsType } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import type { SessionItem } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../../lib/access-rule';
import { formatDateTime } from '../../../lib/format-time';
import { useSessions } from '../api/list-sessions';
import { useRevokeSession } from '../api/revoke-session';

/** The devices tab: where the account is logged in, each with a way to log it out. */
export function SessionsTable() {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const sessions = useSessions();
  const revoke = useRevokeSession();

  const onRevoke = (session: SessionItem) =>
    revoke.mutateAsync(session).then(() => {
      void message.success(t('profile.revoked'));
      // Revoking this device is logging out: the guard then asks for a login.
      if (session.current) void navigate(HOME_PATH);
    });

  const columns: TableColumnsType<SessionItem> = [
    {
      key: 'device',
      title: t('profile.device'),
      render: (_, session) => (
        <Flex gap="small" align="flex-start">
          <DesktopOutlined style={{ marginTop: 4, color: token.colorTextSecondary }} />
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <span style={{ wordBreak: 'break-word' }}>
              {session.device || '-'}
              {session.current ? (
                <Tag color="success" variant="filled" style={{ marginInlineStart: 8 }}>
                  {t('profile.current')}
                </Tag>
              ) : null}
            </span>
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{session.ip}</span>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'created',
      title: t('profile.createdAt'),
      dataIndex: 'created_at',
      responsive: ['md'],
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'lastSeen',
      title: t('profile.lastSeenAt'),
      dataIndex: 'last_seen_at',
      responsive: ['sm'],
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'action',
      title: '',
      align: 'end',
      render: (_, session) => (
        <Popconfirm
          title={t(session.current ? 'profile.revokeCurrentConfirm' : 'profile.revokeConfirm')}
          onConfirm={() => onRevoke(session)}
        >
          <Button type="link" danger size="small" data-testid={`revoke-${session.id}`}>
            {t('profile.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('profile.sessionsHint')}</p>
      <Table<SessionItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sessions.data ?? []}
        loading={sessions.isFetching}
        pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small', showSizeChanger: false }}
        locale={{ emptyText: t('profile.noSessions') }}
        data-testid="sessions-table"
      />
    </Flex>
  );
}
