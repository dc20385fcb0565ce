import { useState } from 'react';
import { Alert, Button, Flex, Form, Modal, Select, theme } from 'antd';
import type { Phone, PhoneReplaceResult } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { BatchOutcome, outcomeCounts, type OutcomeRow } from '../../../components/batch-outcome';
import { DialogFooter } from '../../../components/dialog-footer';
import { TypedConfirmation, useTypedConfirmation } from '../../../components/typed-confirmation';
import { useIntentKeys } from '../../../lib/idempotency';
import {
  useDeviceBrands,
  useDeviceModels,
  useReplacePhones,
  useSimCountries,
  type ReplacePhonesInput,
} from '../api/phone-replace';
import { deviceOf } from '../device';

export { deviceOf };

/** The choice "leave it to chance" (or "keep it", for the country): nothing is sent for it. */
const ANY = '';

export interface ReplaceDeviceDialogProps {
  /** The phones to replace: one (a row's action) or a selection (the batch action). */
  phones: readonly Phone[];
  open: boolean;
  onClose(): void;
}

/** The request the form's choices make (ANY left out); the intent key is bound to it. */
export function replaceRequest(
  phones: readonly Phone[],
  choice: { country: string; brand: string; model: string },
): Omit<ReplacePhonesInput, 'idempotencyKey'> {
  return {
    phoneIds: phones.map((phone) => phone.id),
    ...(choice.country === ANY ? {} : { country: choice.country }),
    ...(choice.brand === ANY ? {} : { brand: choice.brand }),
    ...(choice.brand !== ANY && choice.model !== ANY ? { model: choice.model } : {}),
  };
}

/** The phones asked about, with the device each passes for now. */
function PhoneTargets({ phones }: { phones: readonly Phone[] }) {
  const { t } = useTranslation('phoneReplace');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={6} data-testid="phone-replace-targets">
      {phones.length > 1 ? (
        <span style={{ color: token.colorTextSecondary }}>
          {t('selectedCount', { count: phones.length })}
        </span>
      ) : null}
      <Flex
        vertical
        gap={4}
        style={{
          maxHeight: 132,
          overflowY: 'auto',
          padding: '8px 12px',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
        }}
      >
        {phones.map((phone) => (
          <Flex key={phone.id} justify="space-between" gap="small" wrap>
            <span>
              <span style={{ fontWeight: token.fontWeightStrong }}>{phone.display_name ?? phone.name}</span>{' '}
              <span style={{ color: token.colorTextSecondary, fontFamily: token.fontFamilyCode }}>
                {phone.id}
              </span>
            </span>
            <span style={{ color: token.colorTextSecondary }}>
              {t('current')}: {deviceOf(phone) ?? t('unknownDevice')}
            </span>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}

/** The per-phone outcome of a replacement: the new device, or why it was refused. */
function ReplaceResults({ phones, result }: { phones: readonly Phone[]; result: PhoneReplaceResult }) {
  const { t } = useTranslation('phoneReplace');
  const rows: OutcomeRow[] = result.results.map((row) => ({
    key: row.phone_id,
    name: phones.find((phone) => phone.id === row.phone_id)?.name ?? row.phone_id,
    ok: row.ok,
    detail: row.ok ? deviceOf(row) : row.message,
  }));
  const { succeeded, failed } = outcomeCounts(rows);
  const [type, title] =
    failed === 0
      ? (['success', 'resultAllOk'] as const)
      : succeeded === 0
        ? (['error', 'resultAllFailed'] as const)
        : (['warning', 'resultPartial'] as const);
  return (
    <BatchOutcome
      rows={rows}
      labels={{
        name: t('columnName'),
        outcome: t('columnOutcome'),
        detail: t('columnDetail'),
        ok: t('ok'),
        failed: t('failed'),
        okColor: 'processing',
      }}
      summary={{ type, title: t(title), description: t('resultCounts', { succeeded, failed }) }}
      testId="phone-replace"
    />
  );
}

/**
 * Device replacement ("new device") for one phone or a selection: SIM country, brand and model
 * from the cloud's catalogue (each left open is drawn per phone), a warning that the data is
 * wiped and a typed confirmation, then each phone's outcome. One Idempotency-Key per intent, so a
 * repeated submission of the same choice cannot replace twice.
 */
export function ReplaceDeviceDialog({ phones, open, onClose }: ReplaceDeviceDialogProps) {
  const { t } = useTranslation('phoneReplace');
  const [country, setCountry] = useState(ANY);
  const [brand, setBrand] = useState(ANY);
  const [model, setModel] = useState(ANY);
  const [result, setResult] = useState<PhoneReplaceResult>();
  const countries = useSimCountries(open);
  const brands = useDeviceBrands(open);
  const models = useDeviceModels(brand === ANY ? undefined : brand);
  const replace = useReplacePhones();
  const keys = useIntentKeys();
  const confirmation = useTypedConfirmation(t('confirmWord'));
  const { confirmed } = confirmation;

  const close = () => {
    setCountry(ANY);
    setBrand(ANY);
    setModel(ANY);
    confirmation.setTyped('');
    setResult(undefined);
    onClose();
  };

  const submit = () => {
    const request = replaceRequest(phones, { country, brand, model });
    replace.mutate(
      { ...request, idempotencyKey: keys.keyFor(request) },
      {
        onSuccess: (answer) => {
          keys.settle(request);
          setResult(answer);
        },
        onError: (error) => keys.settle(request, error),
      },
    );
  };

  const footer = result ? (
    <Button type="primary" onClick={close} data-testid="phone-replace-close">
      {t('close')}
    </Button>
  ) : (
    <DialogFooter
      cancelText={t('cancel')}
      submitText={t('submit')}
      onCancel={close}
      onSubmit={submit}
      loading={replace.isPending}
      disabled={!confirmed || phones.length === 0}
      danger
      submitTestId="phone-replace-submit"
    />
  );

  return (
    <Modal
      open={open}
      title={result ? t('resultTitle') : t('title')}
      onCancel={close}
      footer={footer}
      width={600}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="phone-replace"
    >
      <Flex vertical gap="middle" style={{ paddingBlock: 8 }} data-testid="phone-replace-body">
        {result ? (
          <ReplaceResults phones={phones} result={result} />
        ) : (
          <>
            <span>{t('intro')}</span>
            <PhoneTargets phones={phones} />
            <Form layout="vertical" requiredMark={false} style={{ marginBottom: -16 }}>
              <Form.Item label={t('country')}>
                <Select
                  value={country}
                  onChange={setCountry}
                  loading={countries.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={[
                    { value: ANY, label: t('countryKeep') },
                    ...(countries.data ?? []).map((entry) => ({
                      value: entry.code,
                      label: `${entry.name} (${entry.code})`,
                    })),
                  ]}
                  aria-label={t('country')}
                  data-testid="phone-replace-country"
                />
              </Form.Item>
              <Form.Item label={t('brand')}>
                <Select
                  value={brand}
                  onChange={(value) => {
                    setBrand(value);
                    setModel(ANY);
                  }}
                  loading={brands.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={[
                    { value: ANY, label: t('brandRandom') },
                    ...(brands.data ?? []).map((entry) => ({ value: entry.brand, label: entry.name })),
                  ]}
                  aria-label={t('brand')}
                  data-testid="phone-replace-brand"
                />
              </Form.Item>
              <Form.Item label={t('model')} extra={brand === ANY ? t('modelNeedsBrand') : t('randomNote')}>
                <Select
                  value={model}
                  onChange={setModel}
                  disabled={brand === ANY}
                  loading={models.isFetching}
                  options={[
                    { value: ANY, label: t('modelRandom') },
                    ...(models.data ?? []).map((entry) => ({
                      value: entry.model,
                      label: t('modelOption', { model: entry.model, resolution: entry.resolution }),
                    })),
                  ]}
                  aria-label={t('model')}
                  data-testid="phone-replace-model"
                />
              </Form.Item>
            </Form>
            <Alert type="error" showIcon title={t('warning')} description={t('warningHint')} />
            <TypedConfirmation
              confirmation={confirmation}
              label={t('confirmLabel', { word: confirmation.word })}
              testId="phone-replace-confirm"
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
