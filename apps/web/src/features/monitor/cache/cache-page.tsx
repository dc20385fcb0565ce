import { useEffect } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/access-guards';
import { ListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { lazyPart } from '../../../lib/lazy-part';
import { formatBytes } from '../../../lib/traffic-units';
import { StatCards } from '../shared/stat-cards';
import { useDangerConfirm } from '../shared/use-danger-confirm';
import { useCacheOverview, useClearCache } from './cache-api';
import { useClearTexts } from './use-clear-texts';

// The three-column browser (names, keys, value viewer with antd's List) loads on demand.
const CacheBrowser = lazyPart(() => import('./cache-browser'), 'CacheBrowser');

/**
 * /monitor/cache (RuoYi's 缓存监控 and 缓存列表 on one page): the caches with their sizes, a cache's
 * keys, a key's record with its secrets masked, and clearing within the safe limits of each cache.
 */
export function CachePage() {
  const { t } = useTranslation('monitorCache');
  const overview = useCacheOverview();
  const clear = useClearCache();
  const confirm = useDangerConfirm();
  const texts = useClearTexts();
  // The browser's code downloads while the overview's request is on its way.
  useEffect(() => CacheBrowser.prefetch(), []);

  const data = overview.data;
  if (!data) {
    return (
      <Flex vertical gap="large" data-testid="page-monitor-cache">
        <PageHeading title={t('title')} subtitle={t('subtitle')} />
        <Card>
          {overview.isError ? (
            <ListEmpty description={t('failed')} testId="cache-error">
              <Button onClick={() => void overview.refetch()}>{t('retry')}</Button>
            </ListEmpty>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Card>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="large" data-testid="page-monitor-cache">
      <PageHeading
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <HasPermi value={['monitor:cache:remove']}>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirm(texts('all', ''), () => clear.all.mutateAsync())}
              data-testid="cache-clear-all"
            >
              {t('clear.all')}
            </Button>
          </HasPermi>
        }
      />
      <Alert type="info" showIcon title={t('noMemory')} description={t('safety')} />
      <StatCards
        items={[
          { title: t('overview.version'), value: `PostgreSQL ${data.database.version}` },
          { title: t('overview.dbSize'), value: formatBytes(data.database.size_bytes) },
          { title: t('overview.caches'), value: data.caches.length },
          { title: t('overview.records'), value: data.database.total_keys },
        ]}
      />
      <CacheBrowser
        caches={data.caches}
        onRefresh={() => void overview.refetch()}
        fallback={
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        }
      />
    </Flex>
  );
}
