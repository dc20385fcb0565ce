import type { ReactNode } from 'react';
import { Form, Select } from 'antd';
import type { PhoneGroup, PhoneImage, PhoneSpecItem, Region } from '@cloudbay/contracts';
import { UNGROUPED, type BillingMethod } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { BuySection, ChoiceContent, type FieldControl } from '../../../components/purchase/buy-section';
import { CatalogChoices, ChoiceGrid, type CatalogAnswer } from '../../../components/purchase/choice-grid';
import { currentLanguage } from '../../../lib/i18n';
import { formatDollars } from '../../../lib/money';
import { regionName } from '../../../lib/regions';
import { PHONE_NAME_MAX, PHONE_NAME_MIN } from './phone-buy-values';
import { QuantityAndNameFields } from '../../../components/purchase/instance-fields';

function CatalogCards<T>(props: {
  answer: CatalogAnswer<T>;
  empty: string;
  testId: string;
  children: (entries: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation('phoneBuy');
  return <CatalogChoices {...props} failedText={t('page.loadFailed')} />;
}

/** "Android 12 · 安卓 12 标准版". */
export function imageLabel(image: PhoneImage): string {
  return `Android ${image.android_version} · ${image.name}`;
}

/** The spec's name in the page's language. */
export function specName(spec: Pick<PhoneSpecItem, 'name' | 'name_zh' | 'name_en'>): string {
  return (currentLanguage() === 'en-US' ? spec.name_en : spec.name_zh) || spec.name;
}

/** The phone regions as cards (`<testIdPrefix>-regions`, `<testIdPrefix>-region`); the EIP purchase shares them. */
export function RegionCards({
  regions,
  testIdPrefix = 'phone-buy',
  ...control
}: { regions: readonly Region[]; testIdPrefix?: string } & FieldControl<number>) {
  const { t } = useTranslation('phoneBuy');
  return (
    <ChoiceGrid
      {...control}
      entries={regions}
      valueOf={(region) => region.id}
      card={(region) => <ChoiceContent title={regionName(region)} />}
      minWidth={150}
      ariaLabel={t('region.label')}
      testId={`${testIdPrefix}-regions`}
      itemTestId={`${testIdPrefix}-region`}
    />
  );
}

function SpecCards({
  specs,
  billingMethod,
  ...control
}: { specs: readonly PhoneSpecItem[]; billingMethod: BillingMethod } & FieldControl<string>) {
  const { t } = useTranslation('phoneBuy');
  return (
    <ChoiceGrid
      {...control}
      entries={specs}
      valueOf={(spec) => spec.spec_id}
      card={(spec) => (
        <ChoiceContent
          title={specName(spec)}
          meta={[
            t('spec.meta', { cpu: spec.cpu, memory: spec.memory, disk: spec.disk }),
            t('spec.resolution', { resolution: spec.resolution }),
          ]}
          price={
            billingMethod === 'payg'
              ? t('spec.hourly', { price: formatDollars(spec.hourly_price) })
              : t('spec.monthly', { price: formatDollars(spec.price) })
          }
        />
      )}
      minWidth={200}
      ariaLabel={t('spec.label')}
      testId="phone-buy-specs"
      itemTestId="phone-buy-spec"
    />
  );
}

/** Where, and which spec (CPU, memory, storage, screen) at the region's price. */
export function RegionSpecSection({
  regions,
  specs,
  billingMethod,
}: {
  regions: readonly Region[];
  specs: CatalogAnswer<PhoneSpecItem>;
  billingMethod: BillingMethod;
}) {
  const { t } = useTranslation('phoneBuy');
  return (
    <BuySection title={t('section.region')} testId="phone-buy-section-region">
      <Form.Item
        name="region_id"
        label={t('region.label')}
        rules={[{ required: true, message: t('region.required') }]}
      >
        <RegionCards regions={regions} />
      </Form.Item>
      <Form.Item
        name="spec_id"
        label={t('spec.label')}
        rules={[{ required: true, message: t('spec.required') }]}
      >
        <SpecField specs={specs} billingMethod={billingMethod} />
      </Form.Item>
    </BuySection>
  );
}

function SpecField({
  specs,
  billingMethod,
  ...control
}: { specs: CatalogAnswer<PhoneSpecItem>; billingMethod: BillingMethod } & FieldControl<string>) {
  const { t } = useTranslation('phoneBuy');
  return (
    <CatalogCards answer={specs} empty={t('spec.empty')} testId="phone-buy-specs">
      {(entries) => <SpecCards {...control} specs={entries} billingMethod={billingMethod} />}
    </CatalogCards>
  );
}

function ImageField({ images, ...control }: { images: CatalogAnswer<PhoneImage> } & FieldControl<string>) {
  const { t } = useTranslation('phoneBuy');
  return (
    <CatalogCards answer={images} empty={t('image.empty')} testId="phone-buy-images">
      {(entries) => (
        <ChoiceGrid
          {...control}
          entries={entries}
          valueOf={(image) => image.image_id}
          card={(image) => <ChoiceContent title={`Android ${image.android_version}`} meta={[image.name]} />}
          minWidth={180}
          ariaLabel={t('image.label')}
          testId="phone-buy-images"
          itemTestId="phone-buy-image"
        />
      )}
    </CatalogCards>
  );
}

/** The Android version the phones start with. */
export function ImageSection({ images }: { images: CatalogAnswer<PhoneImage> }) {
  const { t } = useTranslation('phoneBuy');
  return (
    <BuySection title={t('section.image')} testId="phone-buy-section-image">
      <Form.Item
        name="image_id"
        label={t('image.label')}
        rules={[{ required: true, message: t('image.required') }]}
      >
        <ImageField images={images} />
      </Form.Item>
    </BuySection>
  );
}

/** How many phones, their name (numbered when there are several) and the group they go in. */
export function InstanceSection({
  name,
  quantity,
  groups,
}: {
  name: string;
  quantity: number | null | undefined;
  groups: readonly PhoneGroup[] | undefined;
}) {
  const { t } = useTranslation('phoneBuy');
  const groupOptions = [
    { value: UNGROUPED, label: t('group.none') },
    ...(groups ?? []).map((group) => ({ value: group.id, label: group.name })),
  ];
  return (
    <BuySection title={t('section.instance')} testId="phone-buy-section-instance">
      <QuantityAndNameFields
        name={name}
        quantity={quantity}
        fallbackName="phone"
        numberedHint={(example) => t('name.hint', { example })}
        min={PHONE_NAME_MIN}
        max={PHONE_NAME_MAX}
        requiredMessage={t('name.required')}
        placeholder={t('name.placeholder', { min: PHONE_NAME_MIN, max: PHONE_NAME_MAX })}
        testId="phone-buy"
      />
      <Form.Item name="group_id" label={t('group.label')} extra={t('group.hint')}>
        <Select
          options={groupOptions}
          style={{ maxWidth: 360 }}
          aria-label={t('group.label')}
          loading={!groups}
          data-testid="phone-buy-group"
        />
      </Form.Item>
    </BuySection>
  );
}
