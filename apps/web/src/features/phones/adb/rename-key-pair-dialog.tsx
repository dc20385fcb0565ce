import { App } from 'antd';
import type { KeyPair } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useRenameKeyPair } from '../api/key-pairs';
import { NameDialog } from '../components/name-dialog';
import { KEY_PAIR_NAME_MAX, keyPairNameRules } from './key-pair-name';

export interface RenameKeyPairDialogProps {
  /** The pair to rename; undefined: closed. */
  pair: KeyPair | undefined;
  onClose: () => void;
}

/** Renames a key pair (the console's name only: the phones keep the key). */
export function RenameKeyPairDialog({ pair, onClose }: RenameKeyPairDialogProps) {
  const { t } = useTranslation('phoneKeys');
  const { message } = App.useApp();
  const rename = useRenameKeyPair();

  const onSave = async (name: string) => {
    if (!pair) return;
    await rename.mutateAsync({ id: pair.key_pair_id, name });
    void message.success(t('rename.done'));
    onClose();
  };

  return (
    <NameDialog
      open={pair !== undefined}
      title={t('rename.title')}
      label={t('field.name')}
      placeholder={t('field.namePlaceholder')}
      initialName={pair?.name ?? ''}
      rules={keyPairNameRules({ required: t('field.nameRequired'), invalid: t('field.nameInvalid') })}
      maxLength={KEY_PAIR_NAME_MAX + 10}
      saving={rename.isPending}
      onSave={onSave}
      onClose={onClose}
      testId="key-rename"
    />
  );
}
