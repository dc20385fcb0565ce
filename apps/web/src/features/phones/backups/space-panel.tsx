/**
 * The backup space's summary at the top of the backup centre: size, what the backups take (a bar),
 * expiry and validity, auto-renew, and its buy / expand / renew buttons — or, without a space, what
 * it is for and the button that buys one.
 */
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import type { BackupSpace } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../lib/lazy-part';
import { AutoRenewCell } from '../../network/eip/auto-renew-cell';
import { ExpiryCell } from '../../network/eip/eip-cells';
import { useSpaceAutoRenew } from './api';

const Progress = lazyPart(() => import('../../../components/antd-progress'), 'Progress');

const MIB_PER_GIB = 1024;
const gib = (mib: number) => Math.round((mib / MIB_PER_GIB) * 10) / 10;

export type SpaceAction = 'buy' | 'expand' | 'renew';

export function SpacePanel({
  space,
  loading,
  failed,
  onRetry,
  onOpen,
}: {
  space: BackupSpace | null | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (action: SpaceAction) => void;
}) {
  const { t } = useTranslation('phoneBackups');
  const autoRenew = useSpaceAutoRenew();

  if (loading) {
    return (
      <Card title={t('space.title')}>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('space.loadFailed')}
        action={<Button onClick={onRetry}>{t('list.retry')}</Button>}
      />
    );
  }
  if (!space) {
    return (
      <Card title={t('space.title')} data-testid="space-panel">
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('space.none')}</Typography.Text>
            <Typography.Text type="secondary">{t('space.noneHint')}</Typography.Text>
          </Flex>
          <Button type="primary" onClick={() => onOpen('buy')} data-testid="space-buy-open">
            {t('space.buy')}
          </Button>
        </Flex>
      </Card>
    );
  }

  const percent = Math.min(100, Math.round((space.used_mib / (space.size_gib * MIB_PER_GIB)) * 100));
  return (
    <Card
      title={t('space.title')}
      data-testid="space-panel"
      extra={
        <Flex gap="small">
          <Button
            onClick={() => onOpen('expand')}
            disabled={!space.actions.includes('expand')}
            data-testid="space-expand-open"
          >
            {t('space.expand')}
          </Button>
          <Button
            onClick={() => onOpen('renew')}
            disabled={!space.actions.includes('renew')}
            data-testid="space-renew-open"
          >
            {t('space.renew')}
          </Button>
        </Flex>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 2, lg: 4 }}
        size="small"
        items={[
          {
            key: 'size',
            label: t('space.size'),
            children: <span data-testid="space-size">{`${space.size_gib} GiB`}</span>,
          },
          {
            key: 'used',
            label: t('space.used'),
            children: (
              <Flex vertical gap={0} style={{ minWidth: 160 }} data-testid="space-used">
                <span>{t('space.usedOf', { used: gib(space.used_mib), size: space.size_gib })}</span>
                <Progress
                  percent={percent}
                  size="small"
                  showInfo={false}
                  status={percent >= 90 ? 'exception' : 'normal'}
                  fallback={<div style={{ minHeight: 24 }} />}
                />
              </Flex>
            ),
          },
          {
            key: 'expiry',
            label: t('space.expires'),
            children: <ExpiryCell item={space} />,
          },
          {
            key: 'autoRenew',
            label: t('space.autoRenew'),
            children: (
              <AutoRenewCell
                on={space.auto_renew}
                allowed={space.actions.includes('auto_renew')}
                pending={autoRenew.isPending}
                onChange={(on) => autoRenew.mutate({ spaceId: space.id, autoRenew: on })}
                testId="space-auto-renew"
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
