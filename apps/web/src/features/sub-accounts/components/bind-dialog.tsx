import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import type {
  SubAccountBinding,
  SubAccountItem,
  SubAccountPermission,
  SubAccountResourceKind,
} from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useResourceOptions } from '../api/resource-options';
import { useBindResources } from '../api/sub-accounts';
import { DEFAULT_PERMISSIONS, permissionsFor } from '../../../lib/sub-account-permissions';
import { PermissionChecks } from './permission-checks';

interface Values {
  resource_ids: string[];
  permissions: SubAccountPermission[];
}

/**
 * Binds desktops or phones to a sub-account with the permissions ticked (connect, start/stop and
 * restart by default), or, given `binding`, changes that one binding's permissions (the same POST).
 */
export function BindDialog({
  account,
  kind,
  binding,
  onClose,
}: {
  account: SubAccountItem;
  kind: SubAccountResourceKind;
  binding?: SubAccountBinding;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search.trim());
  const options = useResourceOptions(kind, name);
  const bind = useBindResources();
  const bound = new Set((kind === 'desktop' ? account.desktops : account.phones).map((b) => b.resource_id));
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await bind.mutateAsync({
        accountId: account.account_id,
        kind,
        resourceIds: binding ? [binding.resource_id] : values.resource_ids,
        permissions: values.permissions,
      });
    } catch {
      // The request client has said why.
      return;
    }
    void message.success(binding ? t('bind.permissionsDone') : t('bind.done'));
    onClose();
  };
  const title = binding
    ? t('bind.permissionsTitle', { name: binding.name })
    : t(kind === 'desktop' ? 'bind.titleDesktop' : 'bind.titlePhone', { name: account.nickname });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={binding ? t('action.save') : t('bind.submit')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          loading={bind.isPending}
          submitTestId="sub-account-bind-submit"
        />
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          resource_ids: [],
          // A binding keeps only what its kind can hold.
          permissions: (binding?.permissions ?? [...DEFAULT_PERMISSIONS]).filter((p) =>
            permissionsFor(kind).includes(p),
          ),
        }}
      >
        {binding ? null : (
          <Form.Item
            name="resource_ids"
            label={t(kind === 'desktop' ? 'bind.desktops' : 'bind.phones')}
            rules={[{ required: true, type: 'array', min: 1, message: t('bind.required') }]}
          >
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setSearch }}
              loading={options.isFetching}
              placeholder={t('bind.placeholder')}
              notFoundContent={options.isFetching ? null : t('bind.noResources')}
              options={(options.data ?? []).map((option) => ({
                value: option.id,
                label: bound.has(option.id) ? `${option.name} · ${t('bind.alreadyBound')}` : option.name,
                disabled: bound.has(option.id),
              }))}
              data-testid="sub-account-bind-picker"
            />
          </Form.Item>
        )}
        <Form.Item name="permissions" label={t('bind.permissions')} extra={t('bind.permissionsHint')}>
          <PermissionChecks kind={kind} testId="sub-account-bind-permission" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
