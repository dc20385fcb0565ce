/** The cells of the desktop list (and the detail drawer, which shows the same values). */
import type { ReactNode } from 'react';
import { Button, Flex, Switch, Tooltip, theme } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { DictTag } from '../../../../components/dict-tag';
import type { DictOption } from '../../../../lib/dict-cache';
import { formatDateTime } from '../../../../lib/format-time';
import { formatDollars } from '../../../../lib/money';
import { isChanging } from '../../api/desktops-list';
import { allows, expiryOf, renewBlock } from '../desktop-rules';

/** Shown where a value is absent. */
export function Dash() {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextQuaternary }}>—</span>;
}

/** Secondary text under a cell's main value. */
export function Hint({ children, color }: { children: ReactNode; color?: string }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{ color: color ?? token.colorTextSecondary, fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}
    >
      {children}
    </span>
  );
}

/** The name (opens the details) with the copyable desktop id under it. */
export function NameCell({ desktop, onOpen }: { desktop: Desktop; onOpen: () => void }) {
  const { t } = useTranslation('desktops');
  return (
    <Flex vertical gap={0} align="flex-start">
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0, height: 'auto', fontWeight: 500 }}
        onClick={onOpen}
        data-testid="desktop-name"
      >
        {desktop.name}
      </Button>
      <CopyableCode value={desktop.desktop_id} copyLabel={t('list.copyId')} />
    </Flex>
  );
}

/** The upstream instance id, copyable, or a dash before the cloud has made it. */
export function InstanceCell({ desktop }: { desktop: Desktop }) {
  const { t } = useTranslation('desktops');
  if (!desktop.instance_id) return <Dash />;
  return <CopyableCode value={desktop.instance_id} copyLabel={t('list.copyInstanceId')} />;
}

export interface StatusDicts {
  desktop_status: DictOption[];
  resource_status: DictOption[];
}

/** The engine's reasons for stopping a desktop that the page words; others read as a plain stop. */
function stopReasonKey(reason: string): 'arrears' | 'expired' | 'other' {
  return reason === 'arrears' || reason === 'expired' ? reason : 'other';
}

/**
 * The run status in its dictionary colour, with a spinner while it is changing; while the cloud is
 * still making the desktop (or failed to), the creation status instead; why the engine stopped it.
 */
export function StatusCell({ desktop, dicts }: { desktop: Desktop; dicts: StatusDicts }) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  const creating = desktop.resource_status !== 'created';
  return (
    <Flex vertical gap={2} align="flex-start" data-testid="desktop-status">
      <Flex align="center" gap={6}>
        {creating ? (
          <DictTag options={dicts.resource_status} value={desktop.resource_status} />
        ) : (
          <DictTag options={dicts.desktop_status} value={desktop.status} />
        )}
        {isChanging(desktop) ? (
          <LoadingOutlined
            style={{ color: token.colorPrimary }}
            aria-label={t('list.changing')}
            data-testid="desktop-changing"
          />
        ) : null}
      </Flex>
      {desktop.stop_reason ? (
        <Hint color={token.colorWarning}>{t(`list.stopReason.${stopReasonKey(desktop.stop_reason)}`)}</Hint>
      ) : null}
    </Flex>
  );
}

/** CPU, memory and system disk, with the instance type under them. */
export function ConfigCell({ desktop }: { desktop: Desktop }) {
  const { t } = useTranslation('desktops');
  return (
    <Flex vertical gap={0}>
      <span style={{ whiteSpace: 'nowrap' }}>
        {t('list.config', { cpu: desktop.cpu, memory: desktop.memory, disk: desktop.system_disk })}
      </span>
      <Hint>{desktop.desktop_type}</Hint>
    </Flex>
  );
}

/** The billing method and, for a subscription, the expiry (warning colour in its last days). */
export function BillingCell({ desktop, billingMethods }: { desktop: Desktop; billingMethods: DictOption[] }) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  const expiry = desktop.expire_time ? expiryOf(desktop.expire_time) : null;
  const expiryColor =
    expiry?.level === 'expired'
      ? token.colorError
      : expiry?.level === 'soon'
        ? token.colorWarning
        : undefined;
  return (
    <Flex vertical gap={2} align="flex-start">
      <Flex align="center" gap={4}>
        <DictTag options={billingMethods} value={desktop.billing_method} />
        {desktop.gift ? <Hint>{t('list.gift')}</Hint> : null}
      </Flex>
      {desktop.billing_method === 'payg' ? (
        <Hint>{t('list.hourly', { price: formatDollars(desktop.hourly_price) })}</Hint>
      ) : expiry && desktop.expire_time ? (
        <Flex vertical gap={0} data-testid="desktop-expiry" data-level={expiry.level}>
          <span style={{ color: expiryColor, whiteSpace: 'nowrap' }}>
            {formatDateTime(desktop.expire_time)}
          </span>
          <Hint color={expiryColor}>
            {expiry.level === 'expired' ? t('list.expired') : t('list.daysLeft', { count: expiry.daysLeft })}
          </Hint>
        </Flex>
      ) : null}
    </Flex>
  );
}

/**
 * The auto-renew switch: subscriptions only; a gift or pay-as-you-go desktop shows it off and
 * disabled with the reason.
 */
export function AutoRenewSwitch({
  desktop,
  pending,
  onChange,
}: {
  desktop: Desktop;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('desktops');
  const block = renewBlock(desktop);
  const reason = block ? t(`list.autoRenewBlocked.${block}`) : null;
  const toggle = (
    <Switch
      size="small"
      checked={desktop.auto_renew && !block}
      disabled={block !== null || !allows(desktop, 'auto_renew')}
      loading={pending}
      onChange={onChange}
      aria-label={t('list.column.autoRenew')}
      data-testid="desktop-auto-renew"
    />
  );
  if (!reason) return toggle;
  return (
    <Tooltip title={reason}>
      {/* A disabled switch sends no pointer events: the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-flex' }} data-testid="desktop-auto-renew-blocked">
        {toggle}
      </span>
    </Tooltip>
  );
}
