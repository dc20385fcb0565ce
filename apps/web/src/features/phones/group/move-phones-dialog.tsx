import { useState } from 'react';
import { Alert, App, Flex, Form, Modal, Select, type ButtonProps } from 'antd';
import type { PhoneGroup } from '@cloudbay/contracts';
import { UNGROUPED } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useMovePhones } from '../api/phone-groups';
import { PhonePickerField, usePhoneSelection } from '../components/phone-picker';

/** The source filter's "every phone" choice (group ids are positive, UNGROUPED is 0). */
const ALL = -1;

export interface MovePhonesDialogProps {
  /** The destination: a group, or undefined for "out of any group". Mounted per opening. */
  target: PhoneGroup | undefined;
  groups: PhoneGroup[];
  onClose: () => void;
}

/** Moves chosen phones into a group, or out of any group; all or none, as the server does. */
export function MovePhonesDialog({ target, groups, onClose }: MovePhonesDialogProps) {
  const { t } = useTranslation('phoneGroups');
  const { message } = App.useApp();
  const move = useMovePhones();
  const targetId = target?.id ?? UNGROUPED;
  const [source, setSource] = useState<number>(ALL);
  const selection = usePhoneSelection();

  const groupName = (id: number | null) =>
    id === null ? t('ungrouped') : (groups.find((group) => group.id === id)?.name ?? String(id));

  const sources = [
    { value: ALL, label: t('move.fromAll') },
    { value: UNGROUPED, label: t('ungrouped') },
    ...groups.map((group) => ({ value: group.id, label: group.name })),
  ].filter((option) => option.value !== targetId);

  const submit = () => {
    const phoneIds = selection.ready();
    if (!phoneIds) return;
    move.mutate(
      { groupId: targetId, phoneIds },
      {
        onSuccess: () => {
          void message.success(
            t('move.done', { count: phoneIds.length, group: groupName(target?.id ?? null) }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={target ? t('move.title', { name: target.name }) : t('move.titleOut')}
      okText={t('move.confirm')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={move.isPending}
      okButtonProps={{ 'data-testid': 'move-submit' } as ButtonProps}
      mask={{ closable: false }}
    >
      <Flex vertical gap="middle" style={{ paddingTop: 8 }}>
        <Alert type="info" showIcon title={target ? t('move.hint') : t('move.hintOut')} />
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t('move.from')}>
            <Select<number>
              value={source}
              onChange={(value) => setSource(value)}
              options={sources}
              aria-label={t('move.from')}
              data-testid="move-source"
            />
          </Form.Item>
          <PhonePickerField
            selection={selection}
            {...(source !== ALL ? { groupId: source } : {})}
            refusalOf={(phone) =>
              (phone.group_id ?? UNGROUPED) === targetId ? t('move.already') : undefined
            }
            noteOf={(phone) => groupName(phone.group_id)}
            label={t('move.phones')}
            testId="move-phones"
          />
        </Form>
      </Flex>
    </Modal>
  );
}
