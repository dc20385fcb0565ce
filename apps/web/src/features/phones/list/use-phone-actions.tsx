/**
 * The phone list's actions on a row or a selection: confirmations, the calls, the dialogs they
 * open (the list's own and PHONE_DIALOG_ENTRIES) and the report of a batch. The page renders
 * `element` once.
 */
import { useState } from 'react';
import { App } from 'antd';
import type { Phone, PhoneBatchResult, PhoneGroup } from '@cloudbay/contracts';
import type { PhoneRunAction } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useBatchReport } from '../../../components/use-batch-report';
import { useIntentKeys } from '../../../lib/idempotency';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { usePhoneAction } from '../api/phones-action';
import { usePhoneConnect } from '../connect/use-phone-connect';
import { useUpdatePhone } from '../api/phones-update';
import { useTaskCentreLink } from '../tasks/task-centre-link';
import { PHONE_DIALOG_ENTRIES, type PhoneRowAction } from './phone-actions';
import type { PhoneMenuChoice } from './phone-row-actions';

// The dialogs load on demand (prefetched once the list is idle).
const EditDialog = lazyPart(() => import('./dialogs/edit-dialog'), 'EditDialog');
const GroupDialog = lazyPart(() => import('./dialogs/group-dialog'), 'GroupDialog');
const RenewDialog = lazyPart(() => import('./dialogs/renew-dialog'), 'RenewDialog');
const UpgradeDialog = lazyPart(() => import('./dialogs/upgrade-dialog'), 'UpgradeDialog');
const ResetDialog = lazyPart(() => import('./dialogs/reset-dialog'), 'ResetDialog');

type OpenDialog = {
  kind: 'edit' | 'group' | 'renew' | 'upgrade' | 'reset' | string;
  ids: string[];
  snapshot: Phone[];
};

export interface PhoneActionsOptions {
  /** The phones on screen now: an open dialog follows their live state. */
  current: readonly Phone[];
  groups: readonly PhoneGroup[] | undefined;
  /** A batch has been sent (the selection is done with). */
  onBatchSent: () => void;
}

const RUN_ACTIONS: readonly string[] = ['start', 'stop', 'restart', 'reset'];

export function usePhoneActions({ current, groups, onBatchSent }: PhoneActionsOptions) {
  const { t } = useTranslation('phones');
  const { modal, message } = App.useApp();
  const run = usePhoneAction();
  const update = useUpdatePhone();
  const [dialog, setDialog] = useState<OpenDialog>();
  const report = useBatchReport({ namespace: 'phones', testIdPrefix: 'phone' });
  const taskCentreLink = useTaskCentreLink();
  const { connect, connectingId } = usePhoneConnect();
  const [autoRenewing, setAutoRenewing] = useState<ReadonlySet<string>>(() => new Set());
  // Payment keys outlive the dialogs: Pay after a timeout, even in a reopened dialog, reuses its key.
  const paymentKeys = useIntentKeys();
  usePrefetchWhenIdle(
    EditDialog,
    GroupDialog,
    RenewDialog,
    UpgradeDialog,
    ResetDialog,
    ...PHONE_DIALOG_ENTRIES.map((entry) => entry.Dialog),
  );

  const actionName = (action: PhoneRunAction) => t(`list.action.${action}`);
  const open = (kind: OpenDialog['kind'], phones: Phone[]) =>
    setDialog({ kind, ids: phones.map((phone) => phone.id), snapshot: phones });
  const close = () => setDialog(undefined);

  /** The answer: a toast when every phone took it, else the per-phone report. */
  const reportResult = (action: PhoneRunAction, phones: readonly Phone[], result: PhoneBatchResult) => {
    onBatchSent();
    close();
    if (result.results.every((row) => row.ok)) {
      const done =
        phones.length === 1
          ? t('list.done.one', { action: actionName(action), name: phones[0]!.name })
          : t('list.done.batch', { action: actionName(action), count: phones.length });
      // Each phone's action is a task (issue 20): the toast leads to them.
      void message.success(
        <span>
          {done} {taskCentreLink({ phoneId: phones.length === 1 ? phones[0]!.id : undefined, type: action })}
        </span>,
      );
      return;
    }
    report.show(
      actionName(action),
      result.results,
      (row) => row.phone_id,
      (id) => phones.find((phone) => phone.id === id)?.name,
    );
  };

  const send = (action: PhoneRunAction, phones: Phone[]) =>
    run
      .mutateAsync({ action, phoneIds: phones.map((phone) => phone.id) })
      .then((result) => reportResult(action, phones, result));

  /** Start goes at once; stop and restart interrupt what runs on the phones; reset asks for the typed word. */
  const runAction = (action: PhoneRunAction, phones: Phone[]) => {
    if (phones.length === 0) return;
    if (action === 'reset') return open('reset', phones);
    if (action === 'start') return void send(action, phones).catch(() => undefined);
    modal.confirm({
      title: t('list.confirm.title', { action: actionName(action) }),
      content:
        phones.length === 1
          ? t('list.confirm.one', { action: actionName(action), name: phones[0]!.name })
          : t('list.confirm.batch', { action: actionName(action), count: phones.length }),
      okText: t('list.confirm.ok'),
      cancelText: t('list.confirm.cancel'),
      okButtonProps: { danger: action === 'stop', ...{ 'data-testid': 'phone-confirm-ok' } },
      // A refused call has been reported by the request client.
      onOk: () => send(action, phones).catch(() => undefined),
    });
  };

  /** A row's menu item or button. */
  const choose = (phone: Phone, choice: PhoneMenuChoice) => {
    if ('dialog' in choice) return open(choice.dialog, [phone]);
    const action: PhoneRowAction = choice.action;
    if (action === 'connect') return connect(phone);
    if (RUN_ACTIONS.includes(action)) return runAction(action as PhoneRunAction, [phone]);
    open(action, [phone]);
  };

  /** A selection's batch action: a run action, the group move, or another part's dialog. */
  const runBatch = (phones: Phone[], action: string) => {
    if (phones.length === 0) return;
    if (RUN_ACTIONS.includes(action)) return runAction(action as PhoneRunAction, phones);
    open(action.startsWith('dialog:') ? action.slice('dialog:'.length) : action, phones);
  };

  const setAutoRenew = (phone: Phone, on: boolean) => {
    setAutoRenewing((ids) => new Set(ids).add(phone.id));
    // The call's own promise: mutate()'s callbacks only run for the latest call.
    update
      .mutateAsync({ phoneId: phone.id, changes: { auto_renew: on } })
      .then(() => void message.success(t(on ? 'list.done.autoRenewOn' : 'list.done.autoRenewOff')))
      .catch(() => undefined)
      .finally(() =>
        setAutoRenewing((ids) => {
          const next = new Set(ids);
          next.delete(phone.id);
          return next;
        }),
      );
  };
  const autoRenewPending = (phone: Phone) => autoRenewing.has(phone.id);

  // The open dialog shows its phones as they are now (a status changing under it).
  const targets = dialog
    ? dialog.ids.map((id, index) => current.find((phone) => phone.id === id) ?? dialog.snapshot[index]!)
    : [];
  const [first] = targets;
  const loading = <LoadingDialog open onCancel={close} />;
  const entry = PHONE_DIALOG_ENTRIES.find((candidate) => candidate.key === dialog?.kind);
  const element = (
    <>
      {dialog?.kind === 'edit' && first ? (
        <EditDialog phone={first} groups={groups} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'group' ? (
        <GroupDialog phones={targets} groups={groups} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'renew' && first ? (
        <RenewDialog phone={first} keys={paymentKeys} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'upgrade' && first ? (
        <UpgradeDialog phone={first} keys={paymentKeys} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'reset' ? (
        <ResetDialog
          phones={targets}
          onClose={close}
          onConfirm={() => send('reset', targets)}
          fallback={loading}
        />
      ) : null}
      {entry ? <entry.Dialog phones={targets} open onClose={close} fallback={loading} /> : null}
      {report.element}
    </>
  );

  return { choose, runBatch, setAutoRenew, autoRenewPending, connectingId, element };
}
