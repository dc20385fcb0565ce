import { Col, Flex, Row, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useAccess } from '../../../lib/access';
import { AfterFirstPaint } from '../../../lib/after-first-paint';
import { withFeatureNamespaces } from '../../../lib/i18n-console';
import { lazyPart } from '../../../lib/lazy-part';
import { displayName, useCurrentUser } from '../../../lib/session';
import { useBanners } from '../api/list-banners';
import { AccountSummary } from '../components/account-summary';
import { AdPopupDialog } from '../components/ad-popup-dialog';
import { BannerCarousel } from '../components/banner-carousel';
import { HotGoods } from '../components/hot-goods';
import { QuickBuy } from '../components/quick-buy';

/** The operators' dashboard (issue 18), with its strings; customers never download it. */
const loadDashboard = withFeatureNamespaces(
  'business',
  withFeatureNamespaces('adminShared', () => import('../../business/dashboard/pages/dashboard-page')),
);
const OperatorDashboard = lazyPart(() => loadDashboard(), 'DashboardPage');

/**
 * The spending overview (issue 22) with its strings and chart: a chunk of its own, asked for only
 * after the page's first paint, so the home page's first load does not grow; ECharts follows when
 * its chart mounts.
 */
const loadSpending = withFeatureNamespaces(
  'statistics',
  () => import('../../statistics/components/spending-card'),
);
const SpendingCard = lazyPart(() => loadSpending(), 'SpendingCard');

/**
 * /index, the landing after login (spec §2): an operator who may see the business dashboard lands
 * on it (the operators' home); everyone else on the customer home.
 */
export function HomePage() {
  const access = useAccess();
  return access.hasPermi('business:dashboard:view') ? (
    <OperatorDashboard fallback={<Skeleton active paragraph={{ rows: 8 }} />} />
  ) : (
    <CustomerHome />
  );
}

/**
 * The customer home: a greeting, the operators' banners next to the account at a glance, featured
 * products, the way to buy, and the pop-up of the moment.
 */
function CustomerHome() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { data: user } = useCurrentUser();
  const banners = useBanners();
  // Without banners the account card has the row to itself.
  const hasBanners = banners.isPending || Boolean(banners.data?.length);

  return (
    <Flex vertical gap="large" data-testid="page-home">
      <Flex vertical gap={4}>
        <PageTitle style={{ wordBreak: 'break-word' }} testId="home-greeting">
          {t('greeting', { name: displayName(user) })}
        </PageTitle>
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('tagline')}</p>
      </Flex>
      <Row gutter={[24, 24]}>
        {hasBanners ? (
          <Col xs={24} xl={16}>
            <BannerCarousel />
          </Col>
        ) : null}
        <Col xs={24} md={hasBanners ? 24 : 12} xl={8}>
          <AccountSummary user={user} />
        </Col>
      </Row>
      {/* Below the fold: rendered after the console's first render (the frame and the row above). */}
      <AfterFirstPaint>
        {/* Sub-accounts have no spending centre (spec §2): the main account's money stays its own. */}
        {user && !user.is_son ? (
          <SpendingCard fallback={<Skeleton active paragraph={{ rows: 4 }} />} />
        ) : null}
        <HotGoods />
        <QuickBuy />
        <AdPopupDialog />
      </AfterFirstPaint>
    </Flex>
  );
}
