import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';

export interface SubmitDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  submitText: string;
  loading: boolean;
  disabled?: boolean;
  testId: string;
  submitTestId: string;
  width?: number;
  children: ReactNode;
}

/** A form in a dialog: Cancel and the submit button (`submitTestId`) under it. */
export function SubmitDialog(props: SubmitDialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      testId={props.testId}
      width={props.width}
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={props.submitText}
          onCancel={props.onClose}
          onSubmit={props.onSubmit}
          loading={props.loading}
          disabled={props.disabled}
          submitTestId={props.submitTestId}
        />
      }
    >
      {props.children}
    </ActionDialog>
  );
}
