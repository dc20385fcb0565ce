import { DialogFooter } from '../../../components/dialog-footer';
import { useTranslation } from 'react-i18next';

/**
 * The footer of the admin pages' form dialogs: Cancel, and Save running `onSave`, which closes the
 * dialog when it resolves (a refused form or a failed request keeps it open: the form shows its
 * field errors, the request client the server's message).
 */
export function SaveFooter({
  onCancel,
  onSave,
  saving,
  disabled,
  testId,
}: {
  onCancel: () => void;
  onSave: () => Promise<unknown>;
  saving: boolean;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('systemRole');
  return (
    <DialogFooter
      cancelText={t('action.cancel')}
      submitText={t('action.save')}
      onCancel={onCancel}
      onSubmit={() => void onSave().then(onCancel, () => undefined)}
      loading={saving}
      disabled={disabled}
      submitTestId={`${testId}-submit`}
    />
  );
}
