import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { OfficeSite } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useUpdateOfficeSite } from '../api/update-office-site';
import { NAME_MAX, nameRule } from '../form-rules';
import { failureReason } from '../failure-reason';

export interface RenameDialogProps {
  site: OfficeSite;
  open: boolean;
  onClose: () => void;
}

/** A new name for a network (2–64 characters, trimmed) through PUT /user/office_site/{id}. */
export function RenameDialog({ site, open, onClose }: RenameDialogProps) {
  const { t } = useTranslation('officeSites');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdateOfficeSite();
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    setFailure(undefined);
    let name: string;
    try {
      name = (await form.validateFields()).name.trim();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    if (name === site.name) {
      onClose();
      return;
    }
    update.mutate(
      { id: site.office_site_id, body: { name } },
      {
        onSuccess: () => {
          void message.success(t('rename.succeeded'));
          onClose();
        },
        onError: (error) => setFailure(failureReason(error)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('rename.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: update.isPending, 'data-testid': 'office-rename-submit' }}
      mask={{ closable: false }}
      data-testid="office-rename-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: site.name }}
        onValuesChange={() => setFailure(undefined)}
        onFinish={() => void submit()}
        style={{ paddingBlock: 8 }}
      >
        <Form.Item name="name" label={t('field.name')} rules={[nameRule(t)]}>
          <Input maxLength={NAME_MAX} showCount autoFocus data-testid="office-rename-name" />
        </Form.Item>
      </Form>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={t('rename.failed')}
          description={failure}
          data-testid="office-rename-failed"
        />
      ) : null}
    </Modal>
  );
}
