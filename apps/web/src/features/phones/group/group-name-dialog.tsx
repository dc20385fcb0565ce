import { App } from 'antd';
import type { PhoneGroup } from '@cloudbay/contracts';
import { PHONE_GROUP_NAME_MAX, PHONE_GROUP_NAME_MIN } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { trimmedLength } from '../../../lib/form-rules';
import type { IntentKeys } from '../../../lib/idempotency';
import { useSavePhoneGroup } from '../api/phone-groups';
import { NameDialog } from '../components/name-dialog';

export interface GroupNameDialogProps {
  open: boolean;
  /** The group to rename; undefined creates one. */
  group?: PhoneGroup;
  /** The page's creation intents, so a retry after a lost answer makes the group once. */
  intents: IntentKeys;
  onClose: () => void;
}

/** Creates a phone group or renames one (1–30 characters, unique whatever the case). */
export function GroupNameDialog({ open, group, intents, onClose }: GroupNameDialogProps) {
  const { t } = useTranslation('phoneGroups');
  const { message } = App.useApp();
  const save = useSavePhoneGroup();

  const onSave = async (name: string) => {
    const intent = { create: name };
    const input = group ? { id: group.id, name } : { name, idempotencyKey: intents.keyFor(intent) };
    try {
      await save.mutateAsync(input);
    } catch (error) {
      // An unknown outcome keeps the creation's key for the retry; a refusal starts a new intent.
      if (!group) intents.settle(intent, error);
      throw error;
    }
    if (!group) intents.settle(intent);
    void message.success(t(group ? 'dialog.renamed' : 'dialog.created'));
    onClose();
  };

  return (
    <NameDialog
      open={open}
      title={t(group ? 'dialog.renameTitle' : 'dialog.createTitle')}
      label={t('dialog.name')}
      placeholder={t('dialog.namePlaceholder')}
      initialName={group?.name ?? ''}
      rules={[
        { required: true, whitespace: true, message: t('dialog.nameRequired') },
        trimmedLength(
          PHONE_GROUP_NAME_MIN,
          PHONE_GROUP_NAME_MAX,
          t('dialog.nameLength', { max: PHONE_GROUP_NAME_MAX }),
        ),
      ]}
      maxLength={PHONE_GROUP_NAME_MAX + 10}
      saving={save.isPending}
      onSave={onSave}
      onClose={onClose}
      testId="group"
    />
  );
}
