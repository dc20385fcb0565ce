import { useEffect } from 'react';
import { App, Button, Flex, Form, Input, Modal, Radio, Switch } from 'antd';
import type { Policy, PolicyBody } from '@cloudbay/contracts';
import { POLICY_CLIPBOARD_MODES, POLICY_LOCAL_DRIVE_MODES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useIntentKeys } from '../../../lib/idempotency';
import { trimmedLength } from '../../../lib/form-rules';
import { useSavePolicy } from '../api/save-policy';

const NAME_MIN = 2;
const NAME_MAX = 64;

/** What a new policy starts with: nothing carried across, as the safest default. */
const NEW_POLICY: PolicyBody = { name: '', clipboard: 'off', local_drive: 'off', usb_redirect: false };

export interface PolicyDialogProps {
  open: boolean;
  /** The policy to edit; absent, the dialog creates one. */
  policy?: Policy;
  onClose: () => void;
}

function valuesOf(policy: Policy | undefined): PolicyBody {
  if (!policy) return NEW_POLICY;
  const { name, clipboard, local_drive, usb_redirect } = policy;
  return { name, clipboard, local_drive, usb_redirect };
}

/** Creates a policy or edits one (never the default: the page does not offer it). */
export function PolicyDialog({ open, policy, onClose }: PolicyDialogProps) {
  const { t } = useTranslation('policies');
  const { message } = App.useApp();
  const [form] = Form.useForm<PolicyBody>();
  const save = useSavePolicy();
  // One Idempotency-Key per creation the user means once: a retry of the same form after an answer
  // that never came sends it again, so the server answers with the policy it made instead of 409.
  const intents = useIntentKeys();

  // Each opening starts from the policy's values (or a new one's), not from the last dialog's.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(policy));
  }, [open, policy, form]);

  const submit = (values: PolicyBody) => {
    const body = { ...values, name: values.name.trim() };
    save.mutate(
      policy ? { policyId: policy.policy_id, body } : { body, idempotencyKey: intents.keyFor(body) },
      {
        onSuccess: () => {
          if (!policy) intents.settle(body);
          void message.success(policy ? t('form.saved') : t('form.created'));
          onClose();
        },
        onError: (error) => {
          if (!policy) intents.settle(body, error);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={policy ? t('form.editTitle') : t('form.createTitle')}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => form.submit()}
            loading={save.isPending}
            data-testid="policy-save"
          >
            {t('form.save')}
          </Button>
        </Flex>
      }
      mask={{ closable: false }}
      // Mounted from the start, so the form instance is connected before the first opening.
      forceRender
    >
      <Form<PolicyBody>
        form={form}
        layout="vertical"
        initialValues={valuesOf(policy)}
        onFinish={submit}
        requiredMark={false}
        style={{ paddingTop: 8 }}
        data-testid="policy-form"
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            trimmedLength(NAME_MIN, NAME_MAX, t('form.nameLength')),
          ]}
        >
          <Input placeholder={t('form.namePlaceholder')} maxLength={NAME_MAX} data-testid="policy-name" />
        </Form.Item>
        <Form.Item name="clipboard" label={t('form.clipboard')} extra={t('form.clipboardHint')}>
          <Radio.Group
            optionType="button"
            options={POLICY_CLIPBOARD_MODES.map((mode) => ({ value: mode, label: t(`clipboard.${mode}`) }))}
            data-testid="policy-clipboard-field"
          />
        </Form.Item>
        <Form.Item name="local_drive" label={t('form.localDrive')} extra={t('form.localDriveHint')}>
          <Radio.Group
            optionType="button"
            options={POLICY_LOCAL_DRIVE_MODES.map((mode) => ({
              value: mode,
              label: t(`localDrive.${mode}`),
            }))}
            data-testid="policy-local-drive-field"
          />
        </Form.Item>
        <Form.Item
          name="usb_redirect"
          label={t('form.usb')}
          extra={t('form.usbHint')}
          valuePropName="checked"
        >
          <Switch data-testid="policy-usb-field" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
