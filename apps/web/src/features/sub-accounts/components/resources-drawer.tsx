import { useState } from 'react';
import { App, Button, Drawer, Flex, Table, Tabs, type TableColumnsType } from 'antd';
import { DisconnectOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SubAccountBinding, SubAccountItem, SubAccountResourceKind } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { confirmOk } from './confirm-ok';
import { RowAction } from '../../../components/row-action';
import { formatDateTime } from '../../../lib/format-time';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useUnbindResources } from '../api/sub-accounts';
import { BindDialog } from './bind-dialog';
import { PermissionTags } from './permission-checks';

/** One kind's bindings: what is bound with its permissions; bind more, change permissions, unbind. */
function BindingList({ account, kind }: { account: SubAccountItem; kind: SubAccountResourceKind }) {
  const { t } = useTranslation('subAccounts');
  const { modal, message } = App.useApp();
  const unbind = useUnbindResources();
  const [dialog, setDialog] = useState<{ binding?: SubAccountBinding }>();
  const bindings = kind === 'desktop' ? account.desktops : account.phones;
  const askUnbind = (binding: SubAccountBinding) =>
    modal.confirm({
      title: t('unbind.title'),
      content: t('unbind.content', { resource: binding.name, name: account.nickname }),
      okText: t('unbind.ok'),
      cancelText: t('action.cancel'),
      okButtonProps: confirmOk(),
      onOk: () =>
        unbind
          .mutateAsync({ accountId: account.account_id, kind, resourceIds: [binding.resource_id] })
          .then(() => void message.success(t('unbind.done')))
          .catch(() => undefined),
    });
  const columns: TableColumnsType<SubAccountBinding> = [
    { key: 'name', title: t('binding.name'), dataIndex: 'name' },
    {
      key: 'permissions',
      title: t('binding.permissions'),
      render: (_, binding) => <PermissionTags permissions={binding.permissions} />,
    },
    {
      key: 'bound',
      title: t('binding.boundAt'),
      responsive: ['md'],
      render: (_, binding) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(binding.bound_at)}</span>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, binding) => (
        <Flex gap={8} wrap={false}>
          <RowAction
            icon={<EditOutlined />}
            label={t('binding.editPermissions')}
            onClick={() => setDialog({ binding })}
            testId="sub-account-binding-edit"
          />
          <RowAction
            icon={<DisconnectOutlined />}
            label={t('binding.unbind')}
            danger
            onClick={() => askUnbind(binding)}
            testId="sub-account-binding-unbind"
          />
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({})}
          data-testid={`sub-account-bind-${kind}`}
        >
          {t(kind === 'desktop' ? 'binding.bindDesktops' : 'binding.bindPhones')}
        </Button>
      </div>
      <Table<SubAccountBinding>
        rowKey="resource_id"
        size="small"
        columns={columns}
        dataSource={bindings}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(kind === 'desktop' ? 'binding.noDesktops' : 'binding.noPhones') }}
        data-testid={`sub-account-bindings-${kind}`}
      />
      {dialog ? (
        <BindDialog
          account={account}
          kind={kind}
          binding={dialog.binding}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}

/**
 * A sub-account's bound desktops and phones (issue 21), each with the actions its binding permits.
 * Phones show when the main account may use phones (or already bound some).
 */
export function ResourcesDrawer({
  account,
  phones,
  onClose,
}: {
  account: SubAccountItem;
  phones: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const narrow = useIsMobile();
  const kinds: SubAccountResourceKind[] = phones || account.phone_count ? ['desktop', 'phone'] : ['desktop'];
  return (
    <Drawer
      open
      size={narrow ? '100%' : 760}
      title={t('binding.title', { name: account.nickname })}
      onClose={onClose}
      data-testid="sub-account-resources"
    >
      <Tabs
        items={kinds.map((kind) => ({
          key: kind,
          label: t(kind === 'desktop' ? 'binding.desktopsTab' : 'binding.phonesTab', {
            count: kind === 'desktop' ? account.desktop_count : account.phone_count,
          }),
          children: <BindingList account={account} kind={kind} />,
        }))}
      />
    </Drawer>
  );
}
