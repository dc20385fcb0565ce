import { useEffect, type ReactNode } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import { useIntentKeys } from '../../../lib/idempotency';
import { SubmitDialog } from '../../system/shared/submit-dialog';

export interface ReasonDialogProps<V extends { reason: string }> {
  open: boolean;
  title: ReactNode;
  submitText: string;
  /** What the form starts with at each opening (the reason starts empty). */
  initialValues?: Partial<V>;
  /** Sends the values under `key`, the intent's Idempotency-Key (a retry after a lost answer reuses it). */
  run: (values: V, key: string) => Promise<unknown>;
  pending: boolean;
  /** Submitting is not possible yet (e.g. the gateway has not confirmed the payment). */
  disabled?: boolean;
  onDone: () => void;
  onClose: () => void;
  testId: string;
  /** The reason's label, placeholder and the message when it is left empty. */
  reasonTexts: { label: string; placeholder: string; required: string };
  /** Fields and facts above the reason. */
  children?: (form: FormInstance<V>) => ReactNode;
}

/**
 * A money-moving operator action confirmed in a dialog with a required reason (a refund, a
 * reconcile): one Idempotency-Key per intent, the server's translated refusal left on screen by the
 * request client, the dialog closed on success.
 */
export function ReasonDialog<V extends { reason: string }>(props: ReasonDialogProps<V>) {
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
        props.onDone();
      },
      (error: unknown) => intents.settle(body, error),
    );
  };

  return (
    <SubmitDialog
      open={open}
      title={props.title}
      onClose={props.onClose}
      testId={props.testId}
      submitText={props.submitText}
      onSubmit={() => form.submit()}
      loading={props.pending}
      disabled={props.disabled}
      submitTestId={`${props.testId}-submit`}
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        {props.children?.(form)}
        <Form.Item
          name="reason"
          label={props.reasonTexts.label}
          rules={[{ required: true, whitespace: true, message: props.reasonTexts.required }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={props.reasonTexts.placeholder}
            data-testid={`${props.testId}-reason`}
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
