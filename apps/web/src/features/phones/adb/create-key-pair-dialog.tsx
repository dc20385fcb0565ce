import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import type { KeyPairCreateBody, KeyPairCreated } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import type { IntentKeys } from '../../../lib/idempotency';
import { useCreateKeyPair } from '../api/key-pairs';
import { KEY_PAIR_NAME_MAX, isOpenSshPublicKeyLine, keyPairNameRules } from './key-pair-name';

interface CreateForm {
  name: string;
  mode: 'generate' | 'import';
  public_key?: string;
}

export interface CreateKeyPairDialogProps {
  open: boolean;
  /** The page's creation intents: a retry after a lost answer is the same pair, made once. */
  intents: IntentKeys;
  onClose: () => void;
  /** A pair was made; a generated one carries its private key, to be shown this once. */
  onCreated: (pair: KeyPairCreated) => void;
}

/** Generates a key pair (the private key comes back once) or imports an OpenSSH public key. */
export function CreateKeyPairDialog({ open, intents, onClose, onCreated }: CreateKeyPairDialogProps) {
  const { t } = useTranslation('phoneKeys');
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateForm>();
  const mode = Form.useWatch('mode', form);
  const create = useCreateKeyPair();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const body: KeyPairCreateBody = {
      name: values.name.trim(),
      ...(values.mode === 'import' ? { public_key: values.public_key?.trim() ?? '' } : {}),
    };
    try {
      const pair = await create.mutateAsync({ body, idempotencyKey: intents.keyFor(body) });
      intents.settle(body);
      if (!pair.private_key) void message.success(t('create.imported'));
      onCreated(pair);
    } catch (error) {
      intents.settle(body, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t(mode === 'import' ? 'create.import' : 'create.generate')}
      cancelText={t('dialog.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'key-create-save' } as ButtonProps}
    >
      <Form<CreateForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ mode: 'generate', name: '' }}
        style={{ paddingTop: 8 }}
        data-testid="key-create-form"
      >
        <Form.Item
          name="name"
          label={t('field.name')}
          extra={t('field.nameHint')}
          rules={keyPairNameRules({ required: t('field.nameRequired'), invalid: t('field.nameInvalid') })}
        >
          <Input
            autoFocus
            maxLength={KEY_PAIR_NAME_MAX + 10}
            placeholder={t('field.namePlaceholder')}
            data-testid="key-create-name"
          />
        </Form.Item>
        <Form.Item name="mode" label={t('field.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'generate', label: t('field.generate') },
              { value: 'import', label: t('field.import') },
            ]}
            data-testid="key-create-mode"
          />
        </Form.Item>
        {mode === 'import' ? (
          <Form.Item
            name="public_key"
            label={t('field.publicKey')}
            rules={[
              { required: true, whitespace: true, message: t('field.publicKeyRequired') },
              {
                validator: (_, value: unknown) =>
                  typeof value !== 'string' || value.trim() === '' || isOpenSshPublicKeyLine(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('field.publicKeyInvalid'))),
              },
            ]}
          >
            <Input.TextArea
              rows={5}
              placeholder="ssh-rsa AAAAB3NzaC1yc2E… user@host"
              style={{ fontFamily: 'monospace' }}
              data-testid="key-create-public"
            />
          </Form.Item>
        ) : (
          <Alert type="info" showIcon title={t('create.generateHint')} />
        )}
      </Form>
    </Modal>
  );
}
