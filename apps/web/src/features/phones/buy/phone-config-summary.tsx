import type { DescriptionsProps } from 'antd';
import type { PhoneGroup, PhoneImage, PhoneSpecItem, Region } from '@cloudbay/contracts';
import { UNGROUPED } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { NONE, PurchaseSummary, useBillingSummaryItems } from '../../../components/purchase/purchase-summary';
import { regionName } from '../../../lib/regions';
import type { PhoneBuyValues } from './phone-buy-values';
import { imageLabel, specName } from './phone-buy-sections';

/** What is about to be bought, one line per choice, as the form stands. */
export function PhoneConfigSummary({
  values,
  regions,
  specs,
  images,
  groups,
}: {
  values: Partial<PhoneBuyValues>;
  regions: readonly Region[];
  specs: readonly PhoneSpecItem[] | undefined;
  images: readonly PhoneImage[] | undefined;
  groups: readonly PhoneGroup[] | undefined;
}) {
  const { t } = useTranslation('phoneBuy');
  const billing = useBillingSummaryItems(values);
  const region = regions.find((entry) => entry.id === values.region_id);
  const spec = specs?.find((entry) => entry.spec_id === values.spec_id);
  const image = images?.find((entry) => entry.image_id === values.image_id);
  const group = groups?.find((entry) => entry.id === values.group_id);
  const items: DescriptionsProps['items'] = [
    { key: 'region', label: t('summary.region'), children: region ? regionName(region) : NONE },
    {
      key: 'spec',
      label: t('summary.spec'),
      children: spec
        ? `${specName(spec)} (${t('spec.meta', { cpu: spec.cpu, memory: spec.memory, disk: spec.disk })})`
        : NONE,
    },
    { key: 'image', label: t('summary.image'), children: image ? imageLabel(image) : NONE },
    ...billing,
    {
      key: 'group',
      label: t('summary.group'),
      children:
        values.group_id === UNGROUPED || values.group_id === undefined
          ? t('group.none')
          : (group?.name ?? NONE),
    },
  ];
  return <PurchaseSummary items={items} testId="phone-buy-summary" />;
}
