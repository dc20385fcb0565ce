import { useState } from 'react';
import { Alert, App, Button, Flex, InputNumber, Select, Skeleton, Slider, theme } from 'antd';
import type { Desktop, DesktopType, ModifySpecQuote } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PayFooter } from '../../../../components/pay-footer';
import { formatDollars } from '../../../../lib/money';
import { payForIntent } from '../../../../lib/pay-intent';
import {
  specBody,
  useChangeSpec,
  useDesktopTypes,
  useSpecPrice,
  type SpecChoice,
} from '../../api/desktops-spec';
import { allows, clampDisk, diskRange } from '../desktop-rules';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import type { IntentKeys } from '../../../../lib/idempotency';
import { QuoteShortfall, useBalanceCheck } from '../../../wallet/components/balance-check';
import { DesktopDialog, DialogTargets } from './desktop-dialog';
import { PriceSummary } from '../../../../components/price-summary';

function FieldLabel({ children }: { children: string }) {
  const { token } = theme.useToken();
  return <span style={{ fontWeight: token.fontWeightStrong }}>{children}</span>;
}

/** "4 vCPU 8 GiB (eds.general.4c8g)", and which one is the current type; the prices are in the quote. */
function useTypeOptions(types: readonly DesktopType[], current: string) {
  const { t } = useTranslation('desktops');
  return types.map((type) => ({
    value: type.desktop_type,
    label: t(type.desktop_type === current ? 'list.spec.typeCurrent' : 'list.spec.typeOption', {
      cpu: type.cpu,
      memory: type.memory,
      type: type.desktop_type,
    }),
  }));
}

/** The system disk: a slider and a number box from the current size (never smaller) up to 500 GiB. */
function DiskPicker({
  current,
  value,
  onChange,
}: {
  current: number;
  value: number;
  onChange: (gib: number) => void;
}) {
  const { t } = useTranslation('desktops');
  const { min, max, step } = diskRange(current);
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap="middle">
        <Slider
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(gib: number) => onChange(gib)}
          disabled={min >= max}
          ariaLabelForHandle={t('list.spec.disk')}
          style={{ flex: 1 }}
          tooltip={{ formatter: (gib) => `${gib} GiB` }}
          data-testid="desktop-spec-disk-slider"
        />
        <InputNumber<number>
          min={min}
          max={max}
          step={step}
          value={value}
          suffix="GiB"
          // Typed values land on the grid and never below the current size.
          onChange={(gib) => {
            if (gib !== null) onChange(clampDisk(gib, current));
          }}
          style={{ width: 120 }}
          aria-label={t('list.spec.disk')}
          data-testid="desktop-spec-disk"
        />
      </Flex>
      <span style={{ fontSize: 12, opacity: 0.65 }}>{t('list.spec.diskHint', { min, max, step })}</span>
    </Flex>
  );
}

/** Shown instead of the form while the desktop runs: a change needs it shut down (spec §4). */
function ShutDownFirst({ desktop, onShutDown }: { desktop: Desktop; onShutDown: () => void }) {
  const { t } = useTranslation('desktops');
  return (
    <Alert
      type="warning"
      showIcon
      title={t('list.spec.shutDownFirst')}
      description={t('list.spec.shutDownFirstHint')}
      action={
        allows(desktop, 'stop') ? (
          <Button size="small" onClick={onShutDown} data-testid="desktop-spec-shut-down">
            {t('list.action.stop')}
          </Button>
        ) : undefined
      }
      data-testid="desktop-spec-not-shut-down"
    />
  );
}

/** The quote of the change: monthly prices and days left (subscription) or hourly prices (pay-as-you-go). */
function SpecQuote({ desktop, quote }: { desktop: Desktop; quote: ModifySpecQuote | undefined }) {
  const { t } = useTranslation('desktops');
  const payg = desktop.billing_method === 'payg';
  const days = quote ? Math.ceil(quote.remaining_seconds / 86_400) : 0;
  const lines = quote
    ? payg
      ? [
          {
            key: 'old',
            label: t('list.spec.oldHourly'),
            value: t('list.spec.perHour', { price: formatDollars(quote.old_hourly_price) }),
          },
          {
            key: 'new',
            label: t('list.spec.newHourly'),
            value: t('list.spec.perHour', { price: formatDollars(quote.new_hourly_price) }),
          },
        ]
      : [
          { key: 'old', label: t('list.spec.oldMonthly'), value: formatDollars(quote.old_unit_price) },
          { key: 'new', label: t('list.spec.newMonthly'), value: formatDollars(quote.new_unit_price) },
          { key: 'days', label: t('list.spec.remaining'), value: t('list.spec.days', { count: days }) },
        ]
    : [];
  return (
    <PriceSummary
      lines={lines}
      dueLabel={payg ? t('list.spec.dueNowPayg') : t('list.spec.dueNow')}
      due={quote?.payable_price}
      loading={!quote}
      testId="desktop-spec-price"
    />
  );
}

/**
 * Change the configuration (POST /user/desktop/{desktop_id}/spec): another instance type and/or a
 * larger system disk, priced by GET /user/modify_spec_price before anything is paid. Only a shut
 * down desktop can change; otherwise the dialog says so.
 */
export function SpecDialog({
  desktop,
  keys,
  onClose,
  onShutDown,
}: {
  desktop: Desktop;
  /** The page's payment keys: a retry after a lost answer reuses its key. */
  keys: IntentKeys;
  onClose: () => void;
  onShutDown: () => void;
}) {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const shutDown = desktop.status === 'shutdown' && allows(desktop, 'modify_spec');
  const types = useDesktopTypes(shutDown ? desktop.region_id : null);
  const typeOptions = useTypeOptions(types.data ?? [], desktop.desktop_type);
  const [next, setNext] = useState<SpecChoice>({
    desktopType: desktop.desktop_type,
    systemDisk: desktop.system_disk,
  });
  const body = specBody(desktop, next);
  const unchanged = Object.keys(body).length === 0;
  // The price of what the form shows: while the disk still moves, no figure (and no payment).
  const settled = useDebouncedValue(next);
  const settledChanges = Object.keys(specBody(desktop, settled)).length > 0;
  const price = useSpecPrice(desktop, settled, shutDown && settledChanges);
  const current = settled.desktopType === next.desktopType && settled.systemDisk === next.systemDisk;
  const quote = current && !price.isPlaceholderData ? price.data : undefined;
  const balance = useBalanceCheck(
    desktop.billing_method === 'subscription' ? quote?.payable_price : undefined,
  );
  const change = useChangeSpec();

  const submit = () =>
    payForIntent({
      keys,
      intent: { desktop: desktop.desktop_id, body },
      mutate: change.mutate,
      variables: (idempotencyKey) => ({ desktopId: desktop.desktop_id, body, idempotencyKey }),
      onPaid: () => {
        void message.success(t('list.spec.done'));
        onClose();
      },
      onRefused: balance.refresh,
    });

  // The frame stays the desktops' action dialog (not closed by a stray click); the footer is the
  // paying dialogs' own. A running desktop has nothing to pay: no pay button.
  const footer = (
    <PayFooter
      cancelText={t('list.dialog.cancel')}
      onCancel={onClose}
      payText={
        !shutDown
          ? null
          : quote && !unchanged
            ? t('list.spec.submit', { amount: formatDollars(quote.payable_price) })
            : t('list.spec.submitPending')
      }
      onPay={submit}
      paying={change.isPending}
      disabled={unchanged || !quote || balance.short}
      payTestId="desktop-spec-submit"
    />
  );

  const form = () => {
    if (types.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    return (
      <>
        <Flex vertical gap="small">
          <FieldLabel>{t('list.spec.type')}</FieldLabel>
          <Select
            value={next.desktopType}
            options={typeOptions}
            onChange={(desktopType: string) => setNext((value) => ({ ...value, desktopType }))}
            aria-label={t('list.spec.type')}
            data-testid="desktop-spec-type"
          />
        </Flex>
        <Flex vertical gap="small">
          <FieldLabel>{t('list.spec.disk')}</FieldLabel>
          <DiskPicker
            current={desktop.system_disk}
            value={next.systemDisk}
            onChange={(systemDisk) => setNext((value) => ({ ...value, systemDisk }))}
          />
        </Flex>
        {unchanged ? (
          <Alert type="info" showIcon title={t('list.spec.unchanged')} data-testid="desktop-spec-unchanged" />
        ) : (
          <SpecQuote desktop={desktop} quote={quote} />
        )}
        {change.isError ? (
          <Alert type="error" showIcon title={t('list.spec.failed')} description={change.error.message} />
        ) : null}
        <QuoteShortfall check={balance} payable={quote?.payable_price} />
      </>
    );
  };

  return (
    <DesktopDialog open title={t('list.spec.title')} onClose={onClose} footer={footer} testId="desktop-spec">
      <DialogTargets desktops={[desktop]} />
      <span>
        {t('list.spec.current', { cpu: desktop.cpu, memory: desktop.memory, disk: desktop.system_disk })}
      </span>
      {shutDown ? form() : <ShutDownFirst desktop={desktop} onShutDown={onShutDown} />}
    </DesktopDialog>
  );
}
