import { useEffect } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import {
  NothingOnSale,
  PurchaseLoadFailed,
  PurchaseSkeleton,
} from '../../../components/purchase/purchase-page-states';
import { pickDefaultRegion, storedRegionId } from '../../../lib/default-region';
import { lazyPart } from '../../../lib/lazy-part';
import { usePhoneRegions } from '../api/catalog-ph-regions';

// As on /cloud/buy: the form and its antd Form, Select, Slider, InputNumber… cannot show before the
// regions are there, so its code downloads while they load (started when the page mounts), behind
// the same skeleton, and the page's first load is the heading and the skeleton.
const PhoneBuyForm = lazyPart(() => import('./phone-buy-form'), 'PhoneBuyForm');

/**
 * /phone/buyph (spec §2, not cached): buy cloud phones. The regions come through the stored list
 * `phRegions`; the form opens on the remembered region when phones are sold there, else the first.
 */
export function PhoneBuyPage() {
  const { t } = useTranslation('phoneBuy');
  const regions = usePhoneRegions();
  useEffect(() => PhoneBuyForm.prefetch(), []);

  const body = () => {
    if (!regions.data) {
      return regions.isError ? (
        <PurchaseLoadFailed
          title={t('page.loadFailed')}
          retry={t('page.retry')}
          onRetry={() => void regions.refetch()}
          testId="phone-buy-error"
        />
      ) : (
        <PurchaseSkeleton testId="phone-buy-loading" />
      );
    }
    if (!regions.data.length) {
      return (
        <NothingOnSale
          title={t('page.noRegions')}
          hint={t('page.noRegionsHint')}
          testId="phone-buy-no-regions"
        />
      );
    }
    return (
      <PhoneBuyForm
        regions={regions.data}
        initialRegionId={pickDefaultRegion(regions.data, undefined, storedRegionId())}
        fallback={<PurchaseSkeleton testId="phone-buy-loading" />}
      />
    );
  };

  return (
    <Flex vertical gap="large" data-testid="page-phone-buy">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      {body()}
    </Flex>
  );
}
