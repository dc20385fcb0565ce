/**
 * The backups' dialogs: back up chosen phones (name 3–128, description ≤ 500, the room left in the
 * space), edit a backup's name and description, restore a backup onto its phone or another of the
 * account's phones behind a typed confirmation (the target's data is replaced).
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Flex, Form, Input, Select } from 'antd';
import type { Backup, BackupSpace } from '@cloudbay/contracts';
import {
  BACKUP_DESCRIPTION_MAX,
  BACKUP_ESTIMATE_DEFAULT_MIB,
  BACKUP_NAME_MAX,
  BACKUP_NAME_MIN,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { TypedConfirmation, useTypedConfirmation } from '../../../components/typed-confirmation';
import type { IntentKeys } from '../../../lib/idempotency';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePhoneChoices } from '../api/phone-choices';
import { PhoneOptionLabel, PhonePickerField, usePhoneSelection } from '../components/phone-picker';
import { useCreateBackups, useRecoverBackup, useUpdateBackup } from './api';
import { TASK_CENTER_PATH } from './paths';

const MIB_PER_GIB = 1024;

interface BackupTextValues {
  name: string;
  description?: string;
}

/** The name (3–128) and description (≤ 500) fields, as the server checks them. */
function BackupTextFields({ testId }: { testId: string }) {
  const { t } = useTranslation('phoneBackups');
  return (
    <>
      <Form.Item
        name="name"
        label={t('create.name')}
        rules={[
          { required: true, whitespace: true, message: t('create.nameRange') },
          {
            validator: (_, value: string | undefined) => {
              const length = value?.trim().length ?? 0;
              return length === 0 || (length >= BACKUP_NAME_MIN && length <= BACKUP_NAME_MAX)
                ? Promise.resolve()
                : Promise.reject(new Error(t('create.nameRange')));
            },
          },
        ]}
      >
        <Input maxLength={BACKUP_NAME_MAX} showCount data-testid={`${testId}-name`} />
      </Form.Item>
      <Form.Item name="description" label={t('create.description')} style={{ marginBottom: 0 }}>
        <Input.TextArea
          maxLength={BACKUP_DESCRIPTION_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('create.descriptionPlaceholder')}
          data-testid={`${testId}-description`}
        />
      </Form.Item>
    </>
  );
}

/** A backup dialog's frame: its fields, Cancel and the submit button (`<testId>-dialog`, `-submit`). */
function SubmitDialog({
  title,
  testId,
  onClose,
  submitText,
  onSubmit,
  loading,
  disabled = false,
  danger = false,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  submitText: string;
  onSubmit: () => void;
  loading: boolean;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('phoneBackups');
  return (
    <ActionDialog
      open
      title={title}
      onClose={onClose}
      testId={`${testId}-dialog`}
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={submitText}
          onCancel={onClose}
          onSubmit={onSubmit}
          loading={loading}
          disabled={disabled}
          danger={danger}
          submitTestId={`${testId}-submit`}
        />
      }
    >
      {children}
    </ActionDialog>
  );
}

/**
 * A success message that points to the task centre, where the work is followed. antd's messages
 * render outside the router, so the link navigates through the function taken here, not a <Link>.
 */
function useTaskStarted() {
  const { message } = App.useApp();
  const { t } = useTranslation('phoneBackups');
  const navigate = useNavigate();
  return (text: string) =>
    void message.success(
      <span>
        {text} ·{' '}
        <a
          href={TASK_CENTER_PATH}
          onClick={(event) => {
            event.preventDefault();
            void navigate(TASK_CENTER_PATH);
          }}
        >
          {t('taskStarted')}
        </a>
      </span>,
    );
}

/** POST /user/ph/ph_backup: one backup task per chosen phone, under the intent's Idempotency-Key. */
export function CreateBackupDialog({
  space,
  onClose,
  keys,
}: {
  space: BackupSpace | null;
  onClose: () => void;
  keys: IntentKeys;
}) {
  const { t } = useTranslation('phoneBackups');
  const [form] = Form.useForm<BackupTextValues>();
  const selection = usePhoneSelection();
  const create = useCreateBackups();
  const started = useTaskStarted();
  const free = space ? Math.max(0, space.size_gib * MIB_PER_GIB - space.used_mib) : 0;

  const submit = async () => {
    const phoneIds = selection.ready();
    // An invalid field shows its message; the refusal is not an error of the page.
    const values = await form.validateFields().catch(() => null);
    if (!phoneIds || !values) return;
    const description = values.description?.trim();
    const body = { phone_ids: phoneIds, name: values.name.trim(), ...(description ? { description } : {}) };
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (answer) => {
          keys.settle(body);
          started(t('create.done', { count: answer.tasks.length }));
          onClose();
        },
        onError: (error) => keys.settle(body, error),
      },
    );
  };

  return (
    <SubmitDialog
      title={t('create.title')}
      testId="backup-create"
      onClose={onClose}
      submitText={t('create.submit')}
      onSubmit={() => void submit()}
      loading={create.isPending}
      disabled={space === null}
    >
      <Flex vertical gap="middle">
        {space === null ? (
          <Alert type="warning" showIcon title={t('create.needSpace')} />
        ) : (
          <Alert
            type="info"
            showIcon
            title={t('create.room', { free, estimate: BACKUP_ESTIMATE_DEFAULT_MIB })}
            data-testid="backup-create-room"
          />
        )}
        <Form form={form} layout="vertical" requiredMark={false}>
          <Flex vertical gap="middle">
            <PhonePickerField
              selection={selection}
              label={t('create.phones')}
              testId="backup-create-phones"
            />
            <BackupTextFields testId="backup-create" />
          </Flex>
        </Form>
      </Flex>
    </SubmitDialog>
  );
}

/** PUT /user/ph/ph_backup/{id}: a new name and description. */
export function EditBackupDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const { t } = useTranslation('phoneBackups');
  const { message } = App.useApp();
  const [form] = Form.useForm<BackupTextValues>();
  const update = useUpdateBackup();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    update.mutate(
      { id: backup.id, body: { name: values.name.trim(), description: values.description?.trim() ?? '' } },
      {
        onSuccess: () => {
          void message.success(t('edit.done'));
          onClose();
        },
      },
    );
  };

  return (
    <SubmitDialog
      title={t('edit.title')}
      testId="backup-edit"
      onClose={onClose}
      submitText={t('edit.submit')}
      onSubmit={() => void submit()}
      loading={update.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: backup.name, description: backup.description }}
      >
        <BackupTextFields testId="backup-edit" />
      </Form>
    </SubmitDialog>
  );
}

/** A choice of one of the caller's phones, searched by name; the backup's own phone first. */
function TargetPhoneSelect({
  backup,
  value,
  onChange,
}: {
  backup: Backup;
  value: string;
  onChange: (phoneId: string, label: string) => void;
}) {
  const { t } = useTranslation('phoneBackups');
  const { t: tPhones } = useTranslation('phoneGroups');
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim());
  const choices = usePhoneChoices({ name });
  const phones = choices.data?.list ?? [];
  const own = {
    value: backup.phone_id,
    label: `${backup.phone_name ?? backup.phone_id} (${t('restore.own')})`,
  };
  const options: { value: string; label: ReactNode; name: string; disabled?: boolean }[] = [
    { ...own, name: own.label },
    ...phones
      .filter((phone) => phone.id !== backup.phone_id)
      .map((phone) => ({
        value: phone.id,
        name: phone.display_name ?? phone.name,
        disabled: phone.status !== 'running' && phone.status !== 'stopped',
        label: <PhoneOptionLabel phone={phone} note={tPhones(`status.${phone.status}`)} />,
      })),
  ];
  return (
    <Select<string>
      value={value}
      onChange={(id) => onChange(id, options.find((option) => option.value === id)?.name ?? id)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={choices.isFetching}
      aria-label={t('restore.target')}
      style={{ width: '100%' }}
      data-testid="backup-restore-target"
    />
  );
}

/** POST /user/ph/ph_backup/{id}/recovery behind a typed confirmation: the target's data is replaced. */
export function RestoreBackupDialog({
  backup,
  onClose,
  keys,
}: {
  backup: Backup;
  onClose: () => void;
  keys: IntentKeys;
}) {
  const { t } = useTranslation('phoneBackups');
  const [target, setTarget] = useState({ id: backup.phone_id, name: backup.phone_name ?? backup.phone_id });
  const confirmation = useTypedConfirmation(t('restore.confirmWord'));
  const recover = useRecoverBackup();
  const started = useTaskStarted();

  const submit = () => {
    const intent = { restore: backup.id, phoneId: target.id };
    recover.mutate(
      { id: backup.id, phoneId: target.id, idempotencyKey: keys.keyFor(intent) },
      {
        onSuccess: () => {
          keys.settle(intent);
          started(t('restore.done'));
          onClose();
        },
        onError: (error) => keys.settle(intent, error),
      },
    );
  };

  return (
    <SubmitDialog
      title={t('restore.title', { name: backup.name })}
      testId="backup-restore"
      onClose={onClose}
      submitText={t('restore.submit')}
      onSubmit={submit}
      loading={recover.isPending}
      disabled={!confirmation.confirmed}
      danger
    >
      <Flex vertical gap="middle" style={{ paddingBlock: 8 }}>
        <Form layout="vertical" requiredMark={false} style={{ marginBottom: -16 }}>
          <Form.Item label={t('restore.target')} extra={t('restore.targetHint')}>
            <TargetPhoneSelect
              backup={backup}
              value={target.id}
              onChange={(id, name) => setTarget({ id, name })}
            />
          </Form.Item>
        </Form>
        <Alert type="error" showIcon title={t('restore.warning', { phone: target.name })} />
        <TypedConfirmation
          confirmation={confirmation}
          label={t('restore.confirmLabel', { word: confirmation.word })}
          testId="backup-restore-confirm"
        />
      </Flex>
    </SubmitDialog>
  );
}
