import { useEffect, type ReactNode } from 'react';
import { App, Alert, Form, Input, Typography } from 'antd';
import { SubmitDialog } from '../../system/shared/submit-dialog';

export type DecisionAction = 'approve' | 'reject';

/**
 * The dialog's words, from its page's strings: the buttons' `approve` / `reject`, the titles
 * `approveTitle` / `rejectTitle` and the success messages `approved` / `rejected`.
 */
export type DecisionTextKey = 'approve' | 'reject' | 'approveTitle' | 'rejectTitle' | 'approved' | 'rejected';

export interface DecisionDialogProps<V extends object> {
  open: boolean;
  onClose: () => void;
  action: DecisionAction;
  text: (key: DecisionTextKey) => string;
  /** What is decided (who asks for what), above the form: `${testId}-summary`. */
  summary: ReactNode;
  /** Further facts under the summary (e.g. the address to pay). */
  details?: ReactNode;
  /** What the decision does, in an alert: a warning when approving, a note when rejecting. */
  note?: ReactNode;
  /** Sends the decision; `onSuccess` shows the done message and closes the dialog. */
  decide: (values: V, onSuccess: () => void) => void;
  pending: boolean;
  /** The prefix of the test ids: `${testId}-dialog`, `${testId}-submit`, `${testId}-summary`. */
  testId: string;
  /** The form's fields (what the operator writes with the decision). */
  children: ReactNode;
}

/**
 * An operator's approval or rejection of a pending request, confirmed in a dialog that names what
 * is decided: a fresh form at each opening, the request's refusal left on screen by the request
 * client, on success the done message and the dialog closed.
 */
export function DecisionDialog<V extends object>(props: DecisionDialogProps<V>) {
  const { open, onClose, action, text, testId } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const approve = action === 'approve';
  return (
    <SubmitDialog
      open={open}
      title={text(approve ? 'approveTitle' : 'rejectTitle')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitText={text(action)}
      loading={props.pending}
      testId={`${testId}-dialog`}
      submitTestId={`${testId}-submit`}
    >
      <Typography.Paragraph data-testid={`${testId}-summary`}>{props.summary}</Typography.Paragraph>
      {props.details}
      {props.note ? (
        <Alert type={approve ? 'warning' : 'info'} showIcon title={props.note} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<V>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          props.decide(values, () => {
            void message.success(text(approve ? 'approved' : 'rejected'));
            onClose();
          })
        }
      >
        {props.children}
      </Form>
    </SubmitDialog>
  );
}

export interface DecisionReasonFieldProps {
  name: string;
  label: string;
  requiredMessage: string;
  testId: string;
}

/** The operator's reason for a decision: required, up to 500 characters. */
export function DecisionReasonField({ name, label, requiredMessage, testId }: DecisionReasonFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, whitespace: true, message: requiredMessage }]}
    >
      <Input.TextArea rows={3} maxLength={500} showCount data-testid={testId} />
    </Form.Item>
  );
}
