/**
 * The list's actions on a row or a selection: confirmations for what stops work in progress, the
 * calls, the dialogs they open and the report of a batch. The page renders `element` once.
 */
import { useState } from 'react';
import { App } from 'antd';
import type { BatchResult, Desktop, DesktopRunAction } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSetRunStatus, useSetRunStatusBatch } from '../api/desktops-run-status';
import { useDisconnectDesktop } from '../api/desktops-disconnect';
import { useUpdateDesktop } from '../api/desktops-update';
import { useBatchReport } from '../../../components/use-batch-report';
import type { BatchAction, RowAction } from './desktop-actions';
import { monitorPathOf } from './paths';
import { useConnect } from './use-connect';
import { useIntentKeys } from '../../../lib/idempotency';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { loadProxyLinkDialog } from '../../network/proxy-set/link/load';

// The operation dialogs load on demand (prefetched once the list is idle): the list's first load
// skips their forms, sliders, number inputs and price summaries.
const EditDialog = lazyPart(() => import('./components/edit-dialog'), 'EditDialog');
const RenewDialog = lazyPart(() => import('./components/renew-dialog'), 'RenewDialog');
const SpecDialog = lazyPart(() => import('./components/spec-dialog'), 'SpecDialog');
const PolicyDialog = lazyPart(() => import('./components/policy-dialog'), 'PolicyDialog');
const RebuildDialog = lazyPart(() => import('./components/rebuild-dialog'), 'RebuildDialog');
const MigrateDialog = lazyPart(() => import('./components/migrate-dialog'), 'MigrateDialog');
const ProxyLinkDialog = lazyPart(loadProxyLinkDialog, 'ProxyLinkDialog');

type SingleDialog = 'edit' | 'renew' | 'spec' | 'policy' | 'proxy';
type ManyDialog = 'rebuild' | 'migrate';
type OpenDialog = { kind: SingleDialog | ManyDialog; ids: string[]; snapshot: Desktop[] };

export interface DesktopActionsOptions {
  /** The desktops on screen now: an open dialog follows their live state. */
  current: readonly Desktop[];
  /** Opens the detail drawer. */
  onDetail: (desktop: Desktop) => void;
  /** A batch has been sent (the selection is done with). */
  onBatchSent: () => void;
}

export function useDesktopActions({ current, onDetail, onBatchSent }: DesktopActionsOptions) {
  const { t } = useTranslation('desktops');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const runOne = useSetRunStatus();
  const runMany = useSetRunStatusBatch();
  const disconnect = useDisconnectDesktop();
  const update = useUpdateDesktop();
  const connect = useConnect();
  const [dialog, setDialog] = useState<OpenDialog>();
  const report = useBatchReport({ namespace: 'desktops', testIdPrefix: 'desktop' });
  // The desktops whose auto-renew switch has a request running: each row spins until its own ends.
  const [autoRenewing, setAutoRenewing] = useState<ReadonlySet<string>>(() => new Set());
  // Payment keys outlive the dialogs: Pay after a timeout, even in a reopened dialog, reuses its key.
  const paymentKeys = useIntentKeys();
  usePrefetchWhenIdle(
    EditDialog,
    RenewDialog,
    SpecDialog,
    PolicyDialog,
    RebuildDialog,
    MigrateDialog,
    ProxyLinkDialog,
  );

  const actionName = (action: RowAction | BatchAction) => t(`list.action.${action}`);

  /** A confirm box whose OK waits for the call; a failed call has been reported by the request client. */
  const confirm = (title: string, content: string, danger: boolean, call: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      okText: t('list.dialog.confirm'),
      cancelText: t('list.dialog.cancel'),
      okButtonProps: { danger, ...{ 'data-testid': 'desktop-confirm-ok' } },
      onOk: () => call().catch(() => undefined),
    });

  /** One desktop's start, shut down or restart; shutting down and restarting interrupt its user. */
  const power = (desktop: Desktop, action: DesktopRunAction) => {
    const call = () =>
      runOne.mutateAsync({ desktopId: desktop.desktop_id, action }).then(() => {
        void message.success(t(`list.done.${action}`, { name: desktop.name }));
      });
    if (action === 'start') return void call().catch(() => undefined);
    confirm(
      t(`list.confirm.${action}Title`),
      t(`list.confirm.${action}`, { name: desktop.name }),
      action === 'stop',
      call,
    );
  };

  /** A batch's outcome: a toast when every desktop took it, else the per-desktop report. */
  const reportBatch = (action: BatchAction, desktops: readonly Desktop[], result: BatchResult) => {
    onBatchSent();
    setDialog(undefined);
    if (result.results.every((row) => row.ok)) {
      void message.success(
        t('list.done.batch', { action: actionName(action), count: result.results.length }),
      );
      return;
    }
    report.show(
      actionName(action),
      result.results,
      (row) => row.desktop_id,
      (id) => desktops.find((desktop) => desktop.desktop_id === id)?.name,
    );
  };

  /** A single desktop's reinstall or move answers like a batch of one: a refusal is an error. */
  const reportOne = (action: BatchAction, desktop: Desktop, result: BatchResult) => {
    setDialog(undefined);
    const [row] = result.results;
    if (row && !row.ok) {
      void message.error(
        t('list.result.oneFailed', { action: actionName(action), reason: row.message ?? '' }),
      );
      return;
    }
    void message.success(t(`list.done.${action}`, { name: desktop.name }));
  };

  const open = (kind: SingleDialog | ManyDialog, desktops: Desktop[]) =>
    setDialog({ kind, ids: desktops.map((desktop) => desktop.desktop_id), snapshot: desktops });

  /** A row's button or menu item. */
  const run = (desktop: Desktop, action: RowAction) => {
    switch (action) {
      case 'connect':
        return connect(desktop);
      case 'start':
      case 'stop':
      case 'reboot':
        return power(desktop, action);
      case 'disconnect':
        return confirm(
          t('list.confirm.disconnectTitle'),
          t('list.confirm.disconnect', { name: desktop.name }),
          false,
          () =>
            disconnect.mutateAsync(desktop.desktop_id).then(() => {
              void message.success(t('list.done.disconnect', { name: desktop.name }));
            }),
        );
      case 'monitor':
        return void navigate(monitorPathOf(desktop.desktop_id));
      case 'detail':
        return onDetail(desktop);
      default:
        return open(action, [desktop]);
    }
  };

  /** A selection's batch action (the buttons are disabled while nothing is selected). */
  const runBatch = (desktops: Desktop[], action: BatchAction) => {
    if (desktops.length === 0) return;
    if (action === 'rebuild' || action === 'migrate') return open(action, desktops);
    confirm(
      t('list.confirm.batchTitle', { action: actionName(action) }),
      t('list.confirm.batch', { action: actionName(action), count: desktops.length }),
      action === 'stop',
      () =>
        runMany
          .mutateAsync({ desktopIds: desktops.map((desktop) => desktop.desktop_id), action })
          .then((result) => reportBatch(action, desktops, result)),
    );
  };

  const setAutoRenew = (desktop: Desktop, on: boolean) => {
    const id = desktop.desktop_id;
    setAutoRenewing((ids) => new Set(ids).add(id));
    // The call's own promise, not mutate()'s callbacks: those only run for the latest call, so a
    // second row's toggle would swallow the first one's outcome.
    update
      .mutateAsync({ desktopId: id, changes: { auto_renew: on } })
      .then(() => void message.success(t(on ? 'list.done.autoRenewOn' : 'list.done.autoRenewOff')))
      // A failure has been reported by the request client.
      .catch(() => undefined)
      .finally(() =>
        setAutoRenewing((ids) => {
          const next = new Set(ids);
          next.delete(id);
          return next;
        }),
      );
  };
  const autoRenewPending = (desktop: Desktop) => autoRenewing.has(desktop.desktop_id);

  // The open dialog shows its desktops as they are now (a shut-down finishing under the spec dialog).
  const targets = dialog
    ? dialog.ids.map(
        (id, index) => current.find((desktop) => desktop.desktop_id === id) ?? dialog.snapshot[index]!,
      )
    : [];
  const [first] = targets;
  const close = () => setDialog(undefined);
  const done = (action: BatchAction) => (result: BatchResult) =>
    targets.length === 1 && first ? reportOne(action, first, result) : reportBatch(action, targets, result);

  // Each dialog mounts while it is open; the loading dialog stands in until its code is there.
  const loading = <LoadingDialog open onCancel={close} />;
  const element = (
    <>
      {dialog?.kind === 'edit' && first ? (
        <EditDialog desktop={first} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'renew' && first ? (
        <RenewDialog desktop={first} keys={paymentKeys} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'spec' && first ? (
        <SpecDialog
          fallback={loading}
          desktop={first}
          keys={paymentKeys}
          onClose={close}
          onShutDown={() => power(first, 'stop')}
        />
      ) : null}
      {dialog?.kind === 'policy' && first ? (
        <PolicyDialog desktop={first} onClose={close} fallback={loading} />
      ) : null}
      {dialog?.kind === 'proxy' && first ? (
        <ProxyLinkDialog
          kind="desktop"
          resourceId={first.desktop_id}
          name={first.name}
          open
          onClose={close}
          fallback={loading}
        />
      ) : null}
      {dialog?.kind === 'rebuild' ? (
        <RebuildDialog desktops={targets} onClose={close} onDone={done('rebuild')} fallback={loading} />
      ) : null}
      {dialog?.kind === 'migrate' ? (
        <MigrateDialog desktops={targets} onClose={close} onDone={done('migrate')} fallback={loading} />
      ) : null}
      {report.element}
    </>
  );

  return { run, runBatch, setAutoRenew, autoRenewPending, element };
}
