import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import type { Post, PostBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useStatusOptions } from '../../shared/status';
import { SubmitDialog } from '../../shared/submit-dialog';
import { useSavePost } from '../api/posts';

type Values = Required<PostBody>;

/** Adds or edits a post; a taken code or name comes back as the server's 409 message. */
export function PostDialog({ open, post, onClose }: { open: boolean; post?: Post; onClose: () => void }) {
  const { t } = useTranslation('systemPost');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSavePost();
  const statuses = useStatusOptions();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(post ?? { postCode: '', postName: '', postSort: 0, status: '0', remark: '' });
  }, [open, post, form]);

  const submit = (values: Values) =>
    save.mutate(
      { ...values, postCode: values.postCode.trim(), postName: values.postName.trim(), postId: post?.postId },
      {
        onSuccess: () => {
          void message.success(post ? t('saved') : t('createdMessage'));
          onClose();
        },
      },
    );

  return (
    <SubmitDialog
      open={open}
      title={post ? t('editTitle') : t('addTitle')}
      onClose={onClose}
      testId="post-dialog"
      submitText={t('save')}
      onSubmit={() => form.submit()}
      loading={save.isPending}
      submitTestId="post-save"
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="postName"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input maxLength={50} data-testid="post-name" />
        </Form.Item>
        <Form.Item
          name="postCode"
          label={t('code')}
          rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}
        >
          <Input maxLength={64} data-testid="post-code" />
        </Form.Item>
        <Form.Item
          name="postSort"
          label={t('order')}
          rules={[{ required: true, message: t('orderRequired') }]}
        >
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={3} showCount />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
