import { Button, Flex } from 'antd';

/** A dialog's Cancel and submit buttons (`danger` for what cannot be undone, e.g. a wipe). */
export function DialogFooter({
  cancelText,
  submitText,
  onCancel,
  onSubmit,
  loading = false,
  disabled = false,
  danger = false,
  submitTestId,
}: {
  cancelText: string;
  submitText: string;
  onCancel: () => void;
  onSubmit: () => void;
  loading?: boolean;
  disabled?: boolean;
  danger?: boolean;
  submitTestId: string;
}) {
  return (
    <Flex justify="end" gap="small">
      <Button onClick={onCancel}>{cancelText}</Button>
      <Button
        type="primary"
        danger={danger}
        onClick={onSubmit}
        loading={loading}
        disabled={disabled}
        data-testid={submitTestId}
      >
        {submitText}
      </Button>
    </Flex>
  );
}
