import { useState } from 'react';
import { Alert, App, Descriptions, Input, InputNumber, Radio, Skeleton, Typography } from 'antd';
import type {
  BusinessResource,
  OperatorResourceAction,
  ResourceReconcileAnswer,
  ResourceRefundRule,
} from '@cloudbay/contracts';
import { RESOURCE_REFUND_RULES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-time';
import { formatDollars } from '../../../../lib/money';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { useRefundPreview, useResourceActions } from '../api/resource-api';
import { ResourceStatusTag } from './resource-cells';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 7;

export interface ResourceActionDialogProps {
  open: boolean;
  onClose: () => void;
  resource: BusinessResource;
  action: OperatorResourceAction;
}

/** The release dialog's refund rules, each with what it gives back now. */
function RefundChoice({
  id,
  rule,
  onChange,
}: {
  id: number;
  rule: ResourceRefundRule;
  onChange: (rule: ResourceRefundRule) => void;
}) {
  const { t } = useTranslation('businessResource');
  const preview = useRefundPreview(id);
  if (!preview.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const amounts = preview.data;
  return (
    <>
      <Typography.Text strong>{t('dialog.refundRule')}</Typography.Text>
      <Radio.Group
        value={rule}
        onChange={(event) => onChange(event.target.value as ResourceRefundRule)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        data-testid="resource-refund-rule"
      >
        {RESOURCE_REFUND_RULES.map((value) => (
          <Radio key={value} value={value} data-testid={`resource-refund-${value}`}>
            {t(`dialog.refund.${value}`)} · {formatDollars(amounts[value])}
          </Radio>
        ))}
      </Radio.Group>
      <Alert
        type={rule === 'none' ? 'info' : 'success'}
        showIcon
        title={t('dialog.refundAmount', { amount: formatDollars(amounts[rule]) })}
        data-testid="resource-refund-amount"
      />
    </>
  );
}

function ReconcileResult({ answer }: { answer: ResourceReconcileAnswer }) {
  const { t } = useTranslation('businessResource');
  const kind = answer.resource.kind;
  const summary = !answer.found ? 'notFound' : answer.changed ? 'changed' : 'unchanged';
  return (
    <>
      <Alert
        type={summary === 'unchanged' ? 'success' : 'warning'}
        showIcon
        title={t(`dialog.${summary}`)}
        data-testid="resource-reconcile-result"
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('dialog.cloudStatus')}>
          {answer.cloud_status ? <ResourceStatusTag kind={kind} status={answer.cloud_status} /> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('dialog.before')}>
          <ResourceStatusTag kind={kind} status={answer.before.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('dialog.after')}>
          <ResourceStatusTag kind={kind} status={answer.after.status} />
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

/**
 * An operator action on one resource: what it does, its own choice (the refund rule and amount,
 * the days), and the required reason; reconciling then shows what the cloud said.
 */
export function ResourceActionDialog({ open, onClose, resource, action }: ResourceActionDialogProps) {
  const { t } = useTranslation('businessResource');
  const { message } = App.useApp();
  const actions = useResourceActions();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [rule, setRule] = useState<ResourceRefundRule>('prorated');
  const [days, setDays] = useState<number | null>(DEFAULT_DAYS);
  const [reconciled, setReconciled] = useState<ResourceReconcileAnswer>();

  const trimmed = reason.trim();
  const daysValid = days !== null && Number.isInteger(days) && days >= 1 && days <= 3650;
  const pending =
    actions.power.isPending ||
    actions.release.isPending ||
    actions.extend.isPending ||
    actions.reconcile.isPending;
  const id = resource.id;
  const [openedAt] = useState(() => Date.now());
  // An extension counts from the later of now and the current end, as the server does.
  const base = resource.expires_at ? Math.max(new Date(resource.expires_at).getTime(), openedAt) : null;

  async function submit() {
    if (reconciled) return onClose();
    setTouched(true);
    if (!trimmed || (action === 'extend' && !daysValid)) return;
    try {
      if (action === 'release') {
        const answer = await actions.release.mutateAsync({ id, body: { refund: rule, reason: trimmed } });
        message.success(t('dialog.released', { amount: formatDollars(answer.refunded ?? '0.00') }));
      } else if (action === 'extend') {
        const answer = await actions.extend.mutateAsync({ id, body: { days: days!, reason: trimmed } });
        message.success(t('dialog.extended', { time: formatDateTime(answer.expires_at) }));
      } else if (action === 'reconcile') {
        setReconciled(await actions.reconcile.mutateAsync({ id, reason: trimmed }));
        return;
      } else {
        await actions.power.mutateAsync({ id, body: { action, reason: trimmed } });
        message.success(t('dialog.requested'));
      }
      onClose();
    } catch {
      // The request client has shown the server's (translated) message; the dialog stays open.
    }
  }

  const danger = action === 'release' || action === 'force_stop';
  return (
    <SubmitDialog
      open={open}
      title={t(`action.${action}`)}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitText={reconciled ? t('dialog.done') : t('dialog.confirm')}
      loading={pending}
      testId="resource-action-dialog"
      submitTestId="resource-action-submit"
    >
      <Typography.Text type="secondary" data-testid="resource-action-target">
        {t('dialog.target', { name: resource.name, id: resource.resource_id, email: resource.email })}
      </Typography.Text>
      {reconciled ? (
        <ReconcileResult answer={reconciled} />
      ) : (
        <>
          <Alert
            type={danger ? 'warning' : 'info'}
            showIcon
            title={t(`dialog.${action}Hint` as 'dialog.startHint')}
          />
          {action === 'release' && <RefundChoice id={id} rule={rule} onChange={setRule} />}
          {action === 'extend' && (
            <>
              <Typography.Text strong>{t('dialog.days')}</Typography.Text>
              <InputNumber
                min={1}
                max={3650}
                precision={0}
                value={days}
                onChange={(value) => setDays(value)}
                status={touched && !daysValid ? 'error' : undefined}
                style={{ width: 160 }}
                data-testid="resource-extend-days"
              />
              {touched && !daysValid && (
                <Typography.Text type="danger">{t('dialog.daysRequired')}</Typography.Text>
              )}
              {daysValid && base !== null && (
                <Typography.Text data-testid="resource-extend-new-expiry">
                  {t('dialog.newExpiry', {
                    time: formatDateTime(new Date(base + days! * DAY_MS).toISOString()),
                  })}
                </Typography.Text>
              )}
            </>
          )}
          <Typography.Text strong>{t('dialog.reason')}</Typography.Text>
          <Input.TextArea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            placeholder={t('dialog.reasonPlaceholder')}
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            status={touched && !trimmed ? 'error' : undefined}
            data-testid="resource-action-reason"
          />
          {touched && !trimmed && (
            <Typography.Text type="danger" data-testid="resource-action-reason-error">
              {t('dialog.reasonRequired')}
            </Typography.Text>
          )}
        </>
      )}
    </SubmitDialog>
  );
}
