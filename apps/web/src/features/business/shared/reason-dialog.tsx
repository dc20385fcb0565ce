import { useEffect, type ReactNode } from 'react';
import { App, Form, Input, type FormInstance } from 'antd';
import { useIntentKeys } from '../../../lib/idempotency';
import { SubmitDialog } from '../../system/shared/submit-dialog';

/** The dialog's words, from its page's strings (e.g. `refund.title`, `refund.submit`…). */
export type ReasonDialogText =
  'title' | 'submit' | 'done' | 'reason' | 'reasonPlaceholder' | 'reasonRequired';

export interface ReasonDialogProps<V extends { reason: string }> {
  open: boolean;
  text: (key: ReasonDialogText) => string;
  /** What the form starts with at each opening (the reason starts empty). */
  initialValues?: Partial<V>;
  /** Sends the values under `key`, the intent's Idempotency-Key (a retry after a lost answer reuses it). */
  run: (values: V, key: string) => Promise<unknown>;
  pending: boolean;
  /** Submitting is not possible yet (e.g. the gateway has not confirmed the payment). */
  disabled?: boolean;
  onClose: () => void;
  testId: string;
  /** Fields and facts above the reason. */
  children?: (form: FormInstance<V>) => ReactNode;
}

/**
 * A money-moving operator action confirmed in a dialog with a required reason (a refund, a
 * reconcile): one Idempotency-Key per intent, the server's translated refusal left on screen by the
 * request client; on success the `done` message and the dialog closed.
 */
export function ReasonDialog<V extends { reason: string }>(props: ReasonDialogProps<V>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const intents = useIntentKeys();
  const { open, initialValues } = props;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    // Only a new opening resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const submit = (values: V) => {
    const body = { ...values, reason: values.reason.trim() };
    props.run(body, intents.keyFor(body)).then(
      () => {
        intents.settle(body);
        void message.success(props.text('done'));
        props.onClose();
      },
      (error: unknown) => intents.settle(body, error),
    );
  };

  return (
    <SubmitDialog
      open={open}
      title={props.text('title')}
      onClose={props.onClose}
      testId={props.testId}
      submitText={props.text('submit')}
      onSubmit={() => form.submit()}
      loading={props.pending}
      disabled={props.disabled}
      submitTestId={`${props.testId}-submit`}
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        {props.children?.(form)}
        <Form.Item
          name="reason"
          label={props.text('reason')}
          rules={[{ required: true, whitespace: true, message: props.text('reasonRequired') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={props.text('reasonPlaceholder')}
            data-testid={`${props.testId}-reason`}
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
