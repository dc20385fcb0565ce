import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Skeleton, Statistic, theme } from 'antd';
import type { MonthSpend } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { formatDollars } from '../../../lib/money';
import { lazyPart } from '../../../lib/lazy-part';
import { useMonthFlow, useStatistics } from '../api/statistics-api';
import { SpendByType, TrafficChart } from '../components/spend-parts';

// The region table (antd's Table and Select) loads after the page's first screen.
const RegionCosts = lazyPart(() => import('../components/region-costs'), 'RegionCosts');

function MonthCard({
  title,
  month,
  testId,
}: {
  title: string;
  month: MonthSpend | undefined;
  testId: string;
}) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  return (
    <Card style={{ height: '100%' }} data-testid={testId}>
      {month ? (
        <Flex vertical gap="small">
          <Statistic title={`${title} · ${month.month}`} value={formatDollars(month.net)} />
          <Flex gap="large" wrap style={{ color: token.colorTextSecondary }}>
            <span>{t('spent', { amount: formatDollars(month.spent) })}</span>
            <span>{t('refunded', { amount: formatDollars(month.refunded) })}</span>
          </Flex>
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}

/**
 * /mesceter/statistics, the spending centre's statistics (issue 22, spec §7 /user/statistics): this
 * and last month's spend (charges − refunds, as the bills), per product type, the metered traffic of
 * the last 12 months and one month's network cost per region.
 */
export function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const stats = useStatistics();
  const flow = useMonthFlow();
  const [shown, setShown] = useState<'this_month' | 'last_month'>('this_month');
  const months = flow.data?.map((point) => point.month) ?? [];
  return (
    <Flex vertical gap="large" data-testid="page-statistics">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      {stats.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <MonthCard title={t('thisMonth')} month={stats.data?.this_month} testId="statistics-this-month" />
        </Col>
        <Col xs={24} md={12}>
          <MonthCard title={t('lastMonth')} month={stats.data?.last_month} testId="statistics-last-month" />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card
            title={t('byType')}
            extra={
              <Segmented
                size="small"
                value={shown}
                onChange={(value) => setShown(value as typeof shown)}
                options={[
                  { value: 'this_month', label: t('thisMonth') },
                  { value: 'last_month', label: t('lastMonth') },
                ]}
              />
            }
            style={{ height: '100%' }}
          >
            {stats.data ? (
              <SpendByType month={stats.data[shown]} testId="statistics-types" />
            ) : (
              <Skeleton active paragraph={{ rows: 4 }} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('trafficTitle')} style={{ height: '100%' }}>
            {flow.isError ? (
              <Alert type="error" showIcon title={t('loadFailed')} />
            ) : flow.data ? (
              <TrafficChart flow={flow.data} />
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            )}
          </Card>
        </Col>
      </Row>
      {months.length > 0 ? (
        <RegionCosts months={months} fallback={<Skeleton active paragraph={{ rows: 3 }} />} />
      ) : null}
    </Flex>
  );
}
