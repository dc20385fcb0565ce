import type { ReactNode } from 'react';
import { Button, Empty, Form, Radio, Select, Skeleton } from 'antd';
import type { PhoneGroup, PhoneImage, PhoneSpecItem, Region } from '@cloudbay/contracts';
import { UNGROUPED, type BillingMethod } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import {
  BuySection,
  ChoiceContent,
  choiceGridStyle,
  type FieldControl,
} from '../../../components/purchase/buy-section';
import styles from '../../../components/purchase/choice-grid.module.css';
import { currentLanguage } from '../../../lib/i18n';
import { formatDollars } from '../../../lib/money';
import { regionName } from '../../../lib/regions';
import { PHONE_NAME_MAX, PHONE_NAME_MIN } from './phone-buy-values';
import { NameField, numberedExample, QuantityField } from '../../../components/purchase/instance-fields';

/** A catalogue answer as a choice field's state: loading, failed (with a retry), empty, or the cards. */
export interface CatalogAnswer<T> {
  data: readonly T[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

function CatalogCards<T>({
  answer,
  empty,
  testId,
  children,
}: {
  answer: CatalogAnswer<T>;
  empty: string;
  testId: string;
  children: (entries: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation('phoneBuy');
  if (answer.failed && !answer.data) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('page.loadFailed')}
        data-testid={`${testId}-error`}
      >
        <Button onClick={answer.onRetry}>{t('page.retry')}</Button>
      </Empty>
    );
  }
  if (!answer.data)
    return <Skeleton active title={false} paragraph={{ rows: 2 }} data-testid={`${testId}-loading`} />;
  if (!answer.data.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />;
  return children(answer.data);
}

/** "Android 12 · 安卓 12 标准版". */
export function imageLabel(image: PhoneImage): string {
  return `Android ${image.android_version} · ${image.name}`;
}

/** The spec's name in the page's language. */
export function specName(spec: Pick<PhoneSpecItem, 'name' | 'name_zh' | 'name_en'>): string {
  return (currentLanguage() === 'en-US' ? spec.name_en : spec.name_zh) || spec.name;
}

function RegionCards({ regions, ...control }: { regions: readonly Region[] } & FieldControl<number>) {
  const { t } = useTranslation('phoneBuy');
  return (
    <Radio.Group
      {...control}
      className={styles.grid}
      style={choiceGridStyle(150)}
      aria-label={t('region.label')}
      data-testid="phone-buy-regions"
    >
      {regions.map((region) => (
        <Radio.Button key={region.id} value={region.id} data-testid={`phone-buy-region-${region.id}`}>
          <ChoiceContent title={regionName(region)} />
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

function SpecCards({
  specs,
  billingMethod,
  ...control
}: { specs: readonly PhoneSpecItem[]; billingMethod: BillingMethod } & FieldControl<string>) {
  const { t } = useTranslation('phoneBuy');
  return (
    <Radio.Group
      {...control}
      className={styles.grid}
      style={choiceGridStyle(200)}
      aria-label={t('spec.label')}
      data-testid="phone-buy-specs"
    >
      {specs.map((spec) => (
        <Radio.Button key={spec.spec_id} value={spec.spec_id} data-testid={`phone-buy-spec-${spec.spec_id}`}>
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
        </Radio.Button>
      ))}
    </Radio.Group>
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
        <Radio.Group
          {...control}
          className={styles.grid}
          style={choiceGridStyle(180)}
          aria-label={t('image.label')}
          data-testid="phone-buy-images"
        >
          {entries.map((image) => (
            <Radio.Button
              key={image.image_id}
              value={image.image_id}
              data-testid={`phone-buy-image-${image.image_id}`}
            >
              <ChoiceContent title={`Android ${image.android_version}`} meta={[image.name]} />
            </Radio.Button>
          ))}
        </Radio.Group>
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
      <QuantityField testId="phone-buy-quantity" />
      <NameField
        min={PHONE_NAME_MIN}
        max={PHONE_NAME_MAX}
        hint={(quantity ?? 1) > 1 ? t('name.hint', { example: numberedExample(name, 'phone') }) : undefined}
        requiredMessage={t('name.required')}
        placeholder={t('name.placeholder', { min: PHONE_NAME_MIN, max: PHONE_NAME_MAX })}
        testId="phone-buy-name"
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
