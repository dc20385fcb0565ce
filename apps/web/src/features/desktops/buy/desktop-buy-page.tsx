import { useEffect, useState } from 'react';
import { Button, Card, Flex } from 'antd';
import type { DesktopPurchaseResult } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import {
  NothingOnSale,
  PurchaseLoadFailed,
  PurchaseSkeleton,
} from '../../../components/purchase/purchase-page-states';
import { ResultView } from '../../../components/result-view';
import { lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { isAvailablePath } from '../../../lib/available-routes';
import { useDesktopRegions } from '../api/catalog-regions';
import { useDesktopRegionCounts, useOfficeSiteRegionCounts } from '../api/purchase-region-counts';
import { pickDefaultRegion, storedRegionId } from './default-region';
import { ORDER_LIST_PATH } from './paths';

// The form and its antd Form, Select, Slider, InputNumber… (about 75 KB gzip) cannot show before the
// regions are there: its code downloads while they load (started when the page mounts), behind the
// same skeleton, so the page's first load is the heading and the skeleton.
const DesktopBuyForm = lazyPart(() => import('./desktop-buy-form'), 'DesktopBuyForm');

/** After a purchase, when this session has no computer list to go to: what was bought, and where next. */
function Bought({ result, onAgain }: { result: DesktopPurchaseResult; onAgain: () => void }) {
  const { t } = useTranslation('desktopBuy');
  const navigate = useNavigate();
  return (
    <Card>
      <ResultView
        status="success"
        title={t('buy.successTitle')}
        subTitle={t('buy.successHint', { no: result.order.no })}
        extra={[
          isAvailablePath(ORDER_LIST_PATH) ? (
            <Button key="orders" type="primary" onClick={() => navigate(ORDER_LIST_PATH)}>
              {t('buy.viewOrders')}
            </Button>
          ) : null,
          <Button key="again" onClick={onAgain}>
            {t('buy.buyMore')}
          </Button>,
        ]}
        data-testid="buy-result"
      />
    </Card>
  );
}

/** What the page shows in place of the form: loading, or the regions failing. */
function RegionsState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('desktopBuy');
  if (!failed) return <PurchaseSkeleton testId="buy-loading" />;
  return (
    <PurchaseLoadFailed
      title={t('page.loadFailed')}
      retry={t('page.retry')}
      onRetry={onRetry}
      testId="buy-error"
    />
  );
}

/**
 * /cloud/buy (spec §2, not cached): buy cloud computers. The form opens on the stored region, else
 * the region where the customer has the most computers, so it waits for the regions and the counts.
 */
export function DesktopBuyPage() {
  const { t } = useTranslation('desktopBuy');
  const regions = useDesktopRegions();
  const desktopCounts = useDesktopRegionCounts();
  const lineCounts = useOfficeSiteRegionCounts();
  const [bought, setBought] = useState<DesktopPurchaseResult>();
  usePrefetchWhenIdle(ResultView);
  useEffect(() => DesktopBuyForm.prefetch(), []);
  // Counts only choose the default; a failure to read them must not keep the page from opening.
  const countsSettled = !desktopCounts.isPending;

  const body = () => {
    if (bought) return <Bought result={bought} onAgain={() => setBought(undefined)} />;
    if (!regions.data || !countsSettled) {
      return (
        <RegionsState failed={regions.isError && !regions.data} onRetry={() => void regions.refetch()} />
      );
    }
    if (!regions.data.length) {
      return (
        <NothingOnSale title={t('page.noRegions')} hint={t('page.noRegionsHint')} testId="buy-no-regions" />
      );
    }
    return (
      <DesktopBuyForm
        regions={regions.data}
        desktopCounts={desktopCounts.data}
        lineCounts={lineCounts.data}
        initialRegionId={pickDefaultRegion(regions.data, desktopCounts.data, storedRegionId())}
        onBought={setBought}
        fallback={<PurchaseSkeleton testId="buy-loading" />}
      />
    );
  };

  return (
    <Flex vertical gap="large" data-testid="page-desktop-buy">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      {body()}
    </Flex>
  );
}
