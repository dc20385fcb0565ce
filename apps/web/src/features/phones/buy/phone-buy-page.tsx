import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import {
  NothingOnSale,
  PurchaseLoadFailed,
  PurchaseSkeleton,
} from '../../../components/purchase/purchase-page-states';
import { pickDefaultRegion, storedRegionId } from '../../../lib/default-region';
import { usePhoneRegions } from '../api/catalog-ph-regions';
import { PhoneBuyForm } from './phone-buy-form';

/**
 * /phone/buyph (spec §2, not cached): buy cloud phones. The regions come through the stored list
 * `phRegions`; the form opens on the remembered region when phones are sold there, else the first.
 */
export function PhoneBuyPage() {
  const { t } = useTranslation('phoneBuy');
  const regions = usePhoneRegions();

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
