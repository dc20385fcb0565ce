import { useState } from 'react';
import { App, Modal, Select, Typography } from 'antd';
import type { Phone, PhoneGroup } from '@cloudbay/contracts';
import { UNGROUPED } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useMovePhonesToGroup } from '../../api/phones-move-group';
import { PhoneTargets } from './phone-targets';

/** Moves one phone or a selection into a group (or out of any), all or none. */
export function GroupDialog({
  phones,
  groups,
  onClose,
}: {
  phones: Phone[];
  groups: readonly PhoneGroup[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('phones');
  const { message } = App.useApp();
  const [groupId, setGroupId] = useState<number>(
    phones.length === 1 ? (phones[0]!.group_id ?? UNGROUPED) : UNGROUPED,
  );
  const move = useMovePhonesToGroup();
  const submit = () =>
    move.mutate(
      { groupId, phoneIds: phones.map((phone) => phone.id) },
      {
        onSuccess: () => {
          void message.success(t('list.done.group', { count: phones.length }));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('list.group.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('list.group.ok')}
      cancelText={t('list.confirm.cancel')}
      okButtonProps={{ loading: move.isPending, ...{ 'data-testid': 'phone-group-ok' } }}
      destroyOnHidden
      data-testid="phone-group-dialog"
    >
      <Typography.Paragraph type="secondary">
        {t('list.group.phones', { count: phones.length })}
      </Typography.Paragraph>
      <PhoneTargets phones={phones} />
      <Select
        value={groupId}
        onChange={setGroupId}
        style={{ width: '100%' }}
        aria-label={t('list.group.target')}
        options={[
          { value: UNGROUPED, label: t('list.group.none') },
          ...(groups ?? []).map((group) => ({ value: group.id, label: group.name })),
        ]}
        data-testid="phone-group-select"
      />
    </Modal>
  );
}
