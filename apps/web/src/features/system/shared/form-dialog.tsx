import { useEffect, type ReactNode } from 'react';
import { App, Form, type FormInstance } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIntentKeys } from '../../../lib/idempotency';
import type { SaveInput } from './admin-crud';
import { SubmitDialog } from './submit-dialog';

export interface FormDialogProps<V extends object, B> {
  open: boolean;
  /** The record's id when editing; absent, the dialog creates one. */
  recordId?: number;
  /** What the form starts with at each opening (the record's values, or a new one's). */
  initialValues: object;
  /** The form's values as the API's body. */
  toBody: (values: V) => B;
  save: UseMutationResult<unknown, Error, SaveInput<B>>;
  onClose: () => void;
  titles: { create: string; edit: string };
  testId: string;
  width?: number;
  children: (form: FormInstance<V>) => ReactNode;
}

/**
 * The add / edit dialog of an operators' list: its form reset at each opening, one
 * Idempotency-Key per creation meant once (a retry after a lost answer gets the record made, not
 * 409), the server's translated refusal left on screen by the request client.
 */
export function FormDialog<V extends object, B>({
  open,
  recordId,
  initialValues,
  toBody,
  save,
  onClose,
  titles,
  testId,
  width,
  children,
}: FormDialogProps<V, B>) {
  const { t } = useTranslation('systemShared');
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const intents = useIntentKeys();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    // Only a new opening (or another record) resets the form, not a re-render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, recordId, form]);

  const submit = (values: V) => {
    const body = toBody(values);
    const creating = recordId === undefined;
    save.mutate(creating ? { body, idempotencyKey: intents.keyFor(body) } : { id: recordId, body }, {
      onSuccess: () => {
        if (creating) intents.settle(body);
        void message.success(creating ? t('created') : t('saved'));
        onClose();
      },
      onError: (error) => {
        if (creating) intents.settle(body, error);
      },
    });
  };

  return (
    <SubmitDialog
      open={open}
      title={recordId === undefined ? titles.create : titles.edit}
      onClose={onClose}
      testId={testId}
      width={width}
      submitText={t('save')}
      onSubmit={() => form.submit()}
      loading={save.isPending}
      submitTestId={`${testId}-save`}
    >
      <Form<V>
        form={form}
        layout="vertical"
        // Also given here: the modal may mount the form after the opening's reset has run.
        initialValues={initialValues}
        onFinish={submit}
        data-testid={`${testId}-form`}
      >
        {children(form)}
      </Form>
    </SubmitDialog>
  );
}
