import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../../components/antd-tabs';
import { PageHeading } from '../../../../components/page-heading';
import { lazyPart } from '../../../../lib/lazy-part';

// Each tab's table, forms and upload download when the tab first shows (the page's first load
// stays within the console's budget); the first tab's from the page's mount on.
const BannersTab = lazyPart(() => import('../components/content-tabs'), 'BannersTab');
const HotGoodsTab = lazyPart(() => import('../components/content-tabs'), 'HotGoodsTab');
const PopupsTab = lazyPart(() => import('../components/content-tabs'), 'PopupsTab');
const SupportChannelsTab = lazyPart(() => import('../components/support-channels-tab'), 'SupportChannelsTab');
const CodeTableTab = lazyPart(() => import('../components/code-table-tab'), 'CodeTableTab');

const loading = <Skeleton active paragraph={{ rows: 6 }} />;

/**
 * /business/content: what customers see on their home page (carousel, featured products, the
 * pop-up), the support widget's channels and the code table. Every change is live at once: the
 * customers' calls read the same rows at each request.
 */
export function ContentPage() {
  const { t } = useTranslation('businessContent');
  return (
    <Flex vertical gap="large" data-testid="business-content">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'banner', label: t('tabs.banner'), children: <BannersTab fallback={loading} /> },
          { key: 'hot_goods', label: t('tabs.hotGoods'), children: <HotGoodsTab fallback={loading} /> },
          { key: 'ad_popup', label: t('tabs.popup'), children: <PopupsTab fallback={loading} /> },
          { key: 'channels', label: t('tabs.channels'), children: <SupportChannelsTab fallback={loading} /> },
          { key: 'code_table', label: t('tabs.codeTable'), children: <CodeTableTab fallback={loading} /> },
        ]}
        data-testid="content-tabs"
      />
    </Flex>
  );
}
