/**
 * Rename a phone network (PUT /user/ph/ph_u_network/{id}): the name as at creation (1–64
 * characters, not blank); the cloud names it too. Auto-renew is the list's switch.
 */
import { App, Form, Input } from 'antd';
import type { PhoneNetwork } from '@cloudbay/contracts';
import { PHONE_NETWORK_NAME_MAX } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { useUpdatePhoneNetwork } from './api';

export function EditNetworkDialog({ network, onClose }: { network: PhoneNetwork; onClose: () => void }) {
  const { t } = useTranslation('phoneNetwork');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdatePhoneNetwork();

  const submit = async () => {
    const name = (await form.validateFields()).name.trim();
    if (name === network.name) {
      onClose();
      return;
    }
    update.mutate(
      { networkId: network.u_network_id, body: { name } },
      {
        onSuccess: () => {
          void message.success(t('edit.done'));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      open
      title={t('edit.title')}
      onClose={onClose}
      testId="network-edit-dialog"
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('edit.submit')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          loading={update.isPending}
          submitTestId="network-edit-submit"
        />
      }
    >
      <Form form={form} layout="vertical" initialValues={{ name: network.name }}>
        <Form.Item
          name="name"
          label={t('create.name')}
          rules={[{ required: true, whitespace: true, message: t('create.nameRequired') }]}
        >
          <Input maxLength={PHONE_NETWORK_NAME_MAX} showCount data-testid="network-edit-name" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
