import { Form, Segmented, Tag } from 'antd';
import type { Bundle, BundleType } from '@cloudbay/contracts';
import type { BillingMethod } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { bundlesOfType } from '../reconcile-buy-form';
import { BuySection, ChoiceContent, type FieldControl } from '../../../../components/purchase/buy-section';
import { CatalogChoices, ChoiceGrid } from '../../../../components/purchase/choice-grid';
import layout from '../../../../components/purchase/purchase-layout.module.css';

export interface SpecSectionProps {
  bundleTypes: readonly BundleType[] | undefined;
  /** The region's bundles; undefined while loading. */
  bundles: readonly Bundle[] | undefined;
  bundlesFailed: boolean;
  onRetry: () => void;
  bundleType: string | undefined;
  billingMethod: BillingMethod;
}

/** The families that have bundles in the region, in the catalogue's order. */
function familiesOf(types: readonly BundleType[] | undefined, bundles: readonly Bundle[]) {
  const known = (types ?? []).filter((type) => bundles.some((bundle) => bundle.bundle_type === type.key));
  const unknown = [...new Set(bundles.map((bundle) => bundle.bundle_type))]
    .filter((key) => !known.some((type) => type.key === key))
    .map((key) => ({ key, name: bundles.find((bundle) => bundle.bundle_type === key)!.bundle_type_name }));
  return [...known, ...unknown].map((type) => ({ value: type.key, label: type.name }));
}

function BundlePrice({ bundle, billingMethod }: { bundle: Bundle; billingMethod: BillingMethod }) {
  const { t } = useTranslation('desktopBuy');
  return billingMethod === 'payg'
    ? t('bundle.hourly', { price: formatDollars(bundle.hourly_price) })
    : t('bundle.monthly', { price: formatDollars(bundle.price) });
}

function BundleCards({
  bundles,
  billingMethod,
  ...control
}: { bundles: Bundle[]; billingMethod: BillingMethod } & FieldControl<string>) {
  const { t } = useTranslation('desktopBuy');
  return (
    <ChoiceGrid
      {...control}
      entries={bundles}
      valueOf={(bundle) => bundle.bundle_id}
      card={(bundle) => (
        <ChoiceContent
          title={t('bundle.spec', { cpu: bundle.cpu, memory: bundle.memory })}
          extra={
            bundle.gpu ? (
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                {t('bundle.gpu', { gpu: bundle.gpu })}
              </Tag>
            ) : null
          }
          meta={[bundle.description]}
          price={<BundlePrice bundle={bundle} billingMethod={billingMethod} />}
        />
      )}
      minWidth={190}
      ariaLabel={t('bundle.label')}
      testId="buy-bundles"
      itemTestId="buy-bundle"
    />
  );
}

/** The bundle field: loading, failed and empty states in place of the cards. */
function BundleField({ props, ...control }: { props: SpecSectionProps } & FieldControl<string>) {
  const { t } = useTranslation('desktopBuy');
  return (
    <CatalogChoices
      answer={{ data: props.bundles, failed: props.bundlesFailed, onRetry: props.onRetry }}
      failedText={t('bundle.loadFailed')}
      empty={
        <>
          <div>{t('bundle.empty')}</div>
          <div>{t('bundle.emptyHint')}</div>
        </>
      }
      skeletonRows={3}
      testId="buy-bundles"
    >
      {(bundles) => (
        <BundleCards
          {...control}
          bundles={bundlesOfType(bundles, props.bundleType)}
          billingMethod={props.billingMethod}
        />
      )}
    </CatalogChoices>
  );
}

/** The bundle: its family, then its CPU, memory (and GPU) with the region's price. */
export function SpecSection(props: SpecSectionProps) {
  const { t } = useTranslation('desktopBuy');
  const families = props.bundles?.length ? familiesOf(props.bundleTypes, props.bundles) : [];
  return (
    <BuySection title={t('section.spec')} testId="buy-section-spec">
      {families.length ? (
        <Form.Item name="bundle_type" label={t('bundle.type')}>
          <FamilyPicker options={families} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="bundle_id"
        label={t('bundle.label')}
        rules={[{ required: true, message: t('bundle.required') }]}
      >
        <BundleField props={props} />
      </Form.Item>
    </BuySection>
  );
}

function FamilyPicker({
  options,
  value,
  onChange,
}: {
  options: { value: string; label: string }[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation('desktopBuy');
  return (
    <div className={layout.scroller}>
      <Segmented<string>
        options={options}
        value={value}
        onChange={onChange}
        aria-label={t('bundle.type')}
        data-testid="buy-bundle-type"
      />
    </div>
  );
}
