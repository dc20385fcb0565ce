import { App, Form, Input, Modal, Select } from 'antd';
import type { Phone, PhoneGroup, PhoneUpdateBody } from '@cloudbay/contracts';
import { PHONE_NAME_MAX, PHONE_NAME_MIN, UNGROUPED } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { trimmedLength } from '../../../../lib/form-rules';
import { useUpdatePhone } from '../../api/phones-update';

interface EditValues {
  name: string;
  display_name: string;
  group_id: number;
}

/** Only what changed is sent (a rename goes to the cloud; the rest is the console's). */
export function editChanges(phone: Phone, values: EditValues): PhoneUpdateBody {
  const changes: PhoneUpdateBody = {};
  if (values.name.trim() !== phone.name) changes.name = values.name.trim();
  if (values.display_name.trim() !== (phone.display_name ?? ''))
    changes.display_name = values.display_name.trim();
  if (values.group_id !== (phone.group_id ?? UNGROUPED)) changes.group_id = values.group_id;
  return changes;
}

/** PUT /user/ph/phone/{id}: the name (2–30), the display name and the group. */
export function EditDialog({
  phone,
  groups,
  onClose,
}: {
  phone: Phone;
  groups: readonly PhoneGroup[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('phones');
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdatePhone();
  const save = (values: EditValues) => {
    const changes = editChanges(phone, values);
    if (!Object.keys(changes).length) return onClose();
    update.mutate(
      { phoneId: phone.id, changes },
      {
        onSuccess: () => {
          void message.success(t('list.done.edit'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('list.edit.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('list.edit.save')}
      cancelText={t('list.edit.cancel')}
      okButtonProps={{ loading: update.isPending, ...{ 'data-testid': 'phone-edit-save' } }}
      destroyOnHidden
      data-testid="phone-edit-dialog"
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: phone.name,
          display_name: phone.display_name ?? '',
          group_id: phone.group_id ?? UNGROUPED,
        }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('list.edit.name')}
          rules={[
            { required: true, whitespace: true, message: t('list.edit.nameRequired') },
            trimmedLength(
              PHONE_NAME_MIN,
              PHONE_NAME_MAX,
              t('list.edit.nameLength', { min: PHONE_NAME_MIN, max: PHONE_NAME_MAX }),
            ),
          ]}
        >
          <Input maxLength={PHONE_NAME_MAX} showCount data-testid="phone-edit-name" />
        </Form.Item>
        <Form.Item
          name="display_name"
          label={t('list.edit.displayName')}
          extra={t('list.edit.displayNameHint')}
        >
          <Input maxLength={64} showCount data-testid="phone-edit-display-name" />
        </Form.Item>
        <Form.Item name="group_id" label={t('list.edit.group')}>
          <Select
            options={[
              { value: UNGROUPED, label: t('list.group.none') },
              ...(groups ?? []).map((group) => ({ value: group.id, label: group.name })),
            ]}
            data-testid="phone-edit-group"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
