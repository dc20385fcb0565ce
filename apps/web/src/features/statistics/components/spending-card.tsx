import { Alert, Card, Flex, Skeleton, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { formatDollars } from '../../../lib/money';
import { useMonthFlow, useStatistics } from '../api/statistics-api';
import { STATISTICS_PATH } from '../paths';
import { SpendByType, TrafficChart } from './spend-parts';

/**
 * The home page's account summary of spending (issue 22): this month against last month, the
 * largest product types and the traffic of the last 12 months. Loaded after the page's first paint
 * (features/home), its chart after it (ECharts is a chunk of its own).
 */
export function SpendingCard() {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const stats = useStatistics();
  const flow = useMonthFlow();
  return (
    <Card
      title={t('home.title')}
      extra={isAvailablePath(STATISTICS_PATH) ? <Link to={STATISTICS_PATH}>{t('home.more')}</Link> : null}
      data-testid="home-spending"
    >
      {stats.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : !stats.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex wrap gap="large">
          <Flex vertical gap="middle" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Flex gap="large" wrap>
              <Flex vertical gap={2}>
                <span style={{ color: token.colorTextSecondary }}>{t('thisMonth')}</span>
                <span
                  style={{
                    fontSize: token.fontSizeHeading3,
                    fontWeight: token.fontWeightStrong,
                    color: token.colorTextHeading,
                  }}
                  data-testid="home-spending-this-month"
                >
                  {formatDollars(stats.data.this_month.net)}
                </span>
              </Flex>
              <Flex vertical gap={2}>
                <span style={{ color: token.colorTextSecondary }}>{t('lastMonth')}</span>
                <span
                  style={{ fontSize: token.fontSizeHeading3, color: token.colorTextSecondary }}
                  data-testid="home-spending-last-month"
                >
                  {formatDollars(stats.data.last_month.net)}
                </span>
              </Flex>
            </Flex>
            <SpendByType month={stats.data.this_month} limit={4} testId="home-spending-types" />
          </Flex>
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            {flow.data ? (
              <TrafficChart flow={flow.data} height={200} />
            ) : (
              <Skeleton active paragraph={{ rows: 4 }} />
            )}
          </div>
        </Flex>
      )}
    </Card>
  );
}
