import { useEffect } from 'react';
import { Button, Flex, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import {
  NothingOnSale,
  PurchaseLoadFailed,
  PurchaseSkeleton,
} from '../../../components/purchase/purchase-page-states';
import { pickDefaultRegion, storedRegionId } from '../../../lib/default-region';
import { lazyPart } from '../../../lib/lazy-part';
import { usePhoneRegions } from '../../phones/api/catalog-ph-regions';
import { EipList } from './eip-list';

// The purchase form (antd Form, Slider, the checkout) is not the first screen: it downloads when the
// page mounts and shows once chosen.
const EipBuyForm = lazyPart(() => import('./eip-buy-form'), 'EipBuyForm');
// antd Tabs: downloaded from the page's mount on, in parallel with the list's rows and its (lazy)
// table, a skeleton holding the list's place meanwhile.
const Tabs = lazyPart(() => import('../../../components/antd-tabs'), 'Tabs');

type Tab = 'list' | 'buy';

function BuyTab({ onBought }: { onBought: () => void }) {
  const { t } = useTranslation('phoneEip');
  const regions = usePhoneRegions();
  if (!regions.data) {
    return regions.isError ? (
      <PurchaseLoadFailed
        title={t('buy.loadFailed')}
        retry={t('list.retry')}
        onRetry={() => void regions.refetch()}
        testId="eip-buy-error"
      />
    ) : (
      <PurchaseSkeleton testId="eip-buy-loading" />
    );
  }
  if (!regions.data.length) {
    return (
      <NothingOnSale title={t('buy.noRegions')} hint={t('buy.noRegionsHint')} testId="eip-buy-no-regions" />
    );
  }
  return (
    <EipBuyForm
      regions={regions.data}
      initialRegionId={pickDefaultRegion(regions.data, undefined, storedRegionId())}
      onBought={onBought}
      fallback={<PurchaseSkeleton testId="eip-buy-loading" />}
    />
  );
}

/**
 * /zqgl/buyIP (spec §2 Cloud network menu, §3 IP or EIP, §7 Cloud phone EIP): the customer's
 * elastic IPs and, on the other tab (`?tab=buy`, so a link or reload keeps it), the purchase —
 * as a cloud console keeps a resource's list and its purchase under one menu entry.
 */
export function BuyIpPage() {
  const { t } = useTranslation('phoneEip');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'buy' ? 'buy' : 'list';
  const show = (next: Tab) => setParams(next === 'buy' ? { tab: 'buy' } : {}, { replace: false });
  useEffect(() => {
    Tabs.prefetch();
    EipBuyForm.prefetch();
  }, []);

  return (
    <Flex vertical gap="large" data-testid="page-eips">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          tab === 'list' ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => show('buy')}
              data-testid="eip-buy-open"
            >
              {t('action.buy')}
            </Button>
          ) : null
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => show(key === 'buy' ? 'buy' : 'list')}
        destroyOnHidden
        items={[
          { key: 'list', label: t('tab.list'), children: <EipList onBuy={() => show('buy')} /> },
          { key: 'buy', label: t('tab.buy'), children: <BuyTab onBought={() => show('list')} /> },
        ]}
        data-testid="eip-tabs"
        fallback={<Skeleton active title={false} paragraph={{ rows: 6 }} style={{ paddingBlock: 16 }} />}
      />
    </Flex>
  );
}
