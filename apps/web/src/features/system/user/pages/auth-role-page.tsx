import { useState } from 'react';
import { App, Button, Card, Descriptions, Flex, Result, Skeleton, Tag, type TableColumnsType } from 'antd';
import type { RoleOption } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LazyTable } from '../../../../components/lazy-table';
import { PageHeading } from '../../../../components/page-heading';
import { StatusTag } from '../../shared/status';
import { useAuthRole, useSaveAuthRole } from '../api/users';

const USER_PAGE = '/system/user';

/** /system/user-auth/role/{userId} (RuoYi's hidden page): tick the roles one account holds. */
export function AuthRolePage() {
  const { userId = '' } = useParams();
  const { t } = useTranslation('systemUser');
  // The id is digits only, as RuoYi's route; anything else is no account.
  if (!/^\d{1,15}$/.test(userId))
    return <Result status="404" title={t('authRoleNotFound')} data-testid="auth-role-invalid" />;
  return <AuthRoleForm userId={Number(userId)} />;
}

function AuthRoleForm({ userId }: { userId: number }) {
  const { t } = useTranslation('systemUser');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const data = useAuthRole(userId);
  const save = useSaveAuthRole();
  // Untouched, the ticks are the roles the account holds.
  const [picked, setPicked] = useState<number[]>();

  if (data.isError)
    return (
      <Result
        status="404"
        title={t('authRoleNotFound')}
        extra={<Button onClick={() => void navigate(USER_PAGE)}>{t('back')}</Button>}
      />
    );
  if (!data.data) return <Skeleton active />;
  const { user, roles } = data.data;
  const selected = picked ?? roles.filter((r) => r.flag).map((r) => r.roleId);
  const columns: TableColumnsType<RoleOption> = [
    { key: 'name', title: t('roleName'), dataIndex: 'roleName' },
    { key: 'key', title: t('roleKey'), dataIndex: 'roleKey', render: (key: string) => <Tag>{key}</Tag> },
    { key: 'status', title: t('status'), render: (_, r) => <StatusTag value={r.status} /> },
  ];
  return (
    <Flex vertical gap="large" data-testid="page-system-auth-role">
      <PageHeading title={t('authRoleTitle')} subtitle={t('authRoleSubtitle')} />
      <Card title={t('authRoleUser')}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('nickname')}>{user.nickname}</Descriptions.Item>
          <Descriptions.Item label={t('dept')}>{user.deptName || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('authRoleRoles')}>
        <LazyTable<RoleOption>
          rowKey="roleId"
          columns={columns}
          dataSource={roles}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setPicked(keys.map(Number)),
            getCheckboxProps: (r) => ({ disabled: r.status === '1' && !selected.includes(r.roleId) }),
          }}
          data-testid="auth-role-table"
        />
        <Flex justify="center" gap="small" style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate(USER_PAGE)}>{t('back')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { userId, roleIds: selected },
                { onSuccess: () => (void message.success(t('authRoleSaved')), void navigate(USER_PAGE)) },
              )
            }
            data-testid="auth-role-save"
          >
            {t('save')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
