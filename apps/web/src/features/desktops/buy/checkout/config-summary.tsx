import type { DescriptionsProps } from 'antd';
import type { Bundle, DesktopImage, OfficeSite, Region } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../../lib/regions';
import { FREE_OFFICE_SITE, type BuyFormValues } from '../buy-form';
import { imageName } from '../sections/image-section';
import {
  NONE,
  PurchaseSummary,
  useBillingSummaryItems,
} from '../../../../components/purchase/purchase-summary';

export interface ConfigSummaryProps {
  values: Partial<BuyFormValues>;
  regions: readonly Region[];
  bundles: readonly Bundle[] | undefined;
  images: readonly DesktopImage[] | undefined;
  officeSites: readonly OfficeSite[] | undefined;
}

/** What is about to be bought, one line per choice, as the form stands. */
export function ConfigSummary({ values, regions, bundles, images, officeSites }: ConfigSummaryProps) {
  const { t } = useTranslation('desktopBuy');
  const billing = useBillingSummaryItems(values);
  const region = regions.find((entry) => entry.id === values.region_id);
  const bundle = bundles?.find((entry) => entry.bundle_id === values.bundle_id);
  const image = images?.find((entry) => entry.image_id === values.image_id);
  const site = officeSites?.find((entry) => entry.office_site_id === values.office_site_id);
  const items: DescriptionsProps['items'] = [
    { key: 'region', label: t('summary.region'), children: region ? regionName(region) : NONE },
    {
      key: 'network',
      label: t('summary.network'),
      children: values.office_site_id === FREE_OFFICE_SITE ? t('network.free') : (site?.name ?? NONE),
    },
    {
      key: 'bundle',
      label: t('summary.bundle'),
      children: bundle ? t('bundle.spec', { cpu: bundle.cpu, memory: bundle.memory }) : NONE,
    },
    { key: 'image', label: t('summary.image'), children: image ? imageName(image) : NONE },
    {
      key: 'disk',
      label: t('summary.disk'),
      children: values.system_disk ? `${values.system_disk} GiB` : NONE,
    },
    ...billing,
  ];
  return <PurchaseSummary items={items} testId="buy-summary" />;
}
