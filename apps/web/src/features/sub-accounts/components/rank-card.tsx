import { Card, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import type { SubAccountRankItem } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../lib/money';
import { useSubAccountRank } from '../api/sub-accounts';

/** Online seconds as hours with one decimal (a month of a console's use reads in hours). */
export function onlineHours(seconds: number): string {
  return (Math.round(seconds / 360) / 10).toFixed(1);
}

/** Each bar's share of the longest: the highest cost fills the row; a month with no cost shows none. */
export function barShares(items: readonly Pick<SubAccountRankItem, 'cost'>[]): number[] {
  const costs = items.map((item) => Number(item.cost));
  const top = Math.max(0, ...costs);
  return costs.map((cost) => (top > 0 ? Math.round((cost / top) * 1000) / 10 : 0));
}

/**
 * This month's ranking of the sub-accounts (GET /user/statistics/son_account_rank): the cost of
 * their bound resources as bars, with what their own renewals spent and their online time.
 */
export function RankCard() {
  const { t } = useTranslation('subAccounts');
  const { token } = theme.useToken();
  const rank = useSubAccountRank();
  const items = rank.data?.list ?? [];
  const shares = barShares(items);
  return (
    <Card
      title={t('rank.title')}
      extra={rank.data ? <Typography.Text type="secondary">{rank.data.month}</Typography.Text> : null}
      data-testid="sub-account-rank"
    >
      {rank.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={rank.isError ? t('rank.failed') : t('rank.empty')}
        />
      ) : (
        <Flex vertical gap="middle">
          {items.map((item, index) => (
            <div key={item.account_id} data-testid="sub-account-rank-row">
              <Flex justify="space-between" gap="small" wrap>
                <strong>
                  {index + 1}. {item.nickname}
                </strong>
                <Typography.Text type="secondary">
                  {t('rank.line', {
                    cost: formatDollars(item.cost),
                    spent: formatDollars(item.spent),
                    hours: onlineHours(item.online_seconds),
                  })}
                </Typography.Text>
              </Flex>
              <div
                style={{
                  height: 8,
                  marginTop: 6,
                  borderRadius: 4,
                  background: token.colorFillSecondary,
                  overflow: 'hidden',
                }}
              >
                <div
                  style={{ width: `${shares[index]}%`, height: '100%', background: token.colorPrimary }}
                  aria-hidden
                />
              </div>
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}
