import { useEffect } from 'react';
import { Form, Input, Modal, type ButtonProps } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  placeholder: string;
  /** The name shown first (the current one when renaming). */
  initialName: string;
  rules: RuleObject[];
  maxLength: number;
  saving: boolean;
  /** Saves the trimmed name; resolves once saved (the dialog's owner closes it), rejects to stay open. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
  /** `{testId}-form`, `{testId}-name` and `{testId}-save`. */
  testId: string;
}

/** A dialog asking for one name: creating or renaming a phone group, renaming a key pair. */
export function NameDialog({
  open,
  title,
  label,
  placeholder,
  initialName,
  rules,
  maxLength,
  saving,
  onSave,
  onClose,
  testId,
}: NameDialogProps) {
  const { t } = useTranslation('phoneGroups');
  const [form] = Form.useForm<{ name: string }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: initialName });
  }, [open, initialName, form]);

  // A refused form or a failed save (the request client has told the user) keeps the dialog open.
  const submit = () =>
    void form
      .validateFields()
      .then(({ name }) => onSave(name.trim()))
      .catch(() => undefined);

  return (
    <Modal
      open={open}
      title={title}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-save` } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ paddingTop: 8 }}
        data-testid={`${testId}-form`}
      >
        <Form.Item name="name" label={label} rules={rules}>
          <Input
            autoFocus
            maxLength={maxLength}
            placeholder={placeholder}
            onPressEnter={submit}
            data-testid={`${testId}-name`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
