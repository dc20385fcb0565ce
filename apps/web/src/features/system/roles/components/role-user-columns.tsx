import type { TableColumnsType } from 'antd';
import type { RoleUser } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict-tag';
import { useDict } from '../../../../lib/dict-cache';
import { timeColumn } from '../../shared/admin-list';

/** The account columns both role-user lists show: e-mail, nickname, status, created. */
export function useRoleUserColumns(): TableColumnsType<RoleUser> {
  const { t } = useTranslation('systemRole');
  const dicts = useDict('sys_normal_disable');
  return [
    { key: 'email', title: t('users.email'), dataIndex: 'email' },
    { key: 'nickname', title: t('users.nickname'), dataIndex: 'nickname' },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, user) => <DictTag options={dicts.sys_normal_disable} value={user.status} />,
    },
    timeColumn('createTime', t('column.createTime'), (user) => user.createTime),
  ];
}
