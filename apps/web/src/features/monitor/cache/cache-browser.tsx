import { useState, type ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  type ButtonProps,
  Col,
  Empty,
  Flex,
  List,
  Row,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { CacheName, CacheSummary } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/access-guards';
import { CopyableCode } from '../../../components/copyable-code';
import { formatBytes } from '../../../lib/traffic-units';
import { useDangerConfirm } from '../shared/use-danger-confirm';
import { useCacheKeys, useCacheValue, useClearCache } from './cache-api';
import { useClearTexts } from './use-clear-texts';

/** A list row that opens something on click, tinted while it is the one open. */
const selectable = (selected: boolean) => ({
  cursor: 'pointer',
  background: selected ? 'rgba(22,119,255,0.06)' : undefined,
  paddingInline: 8,
});

/** A column of the cache list: a card whose body scrolls on its own. */
/**
 * A list row's clear action; the click does not also pick the row. Other props (and the ref, a
 * prop in React 19) go to the button, so a Tooltip around it still finds and hovers it.
 */
function ClearButton({ onClick, ...rest }: { onClick: () => void } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('monitorCache');
  return (
    <Button
      {...rest}
      type="link"
      danger
      size="small"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {t('clear.button')}
    </Button>
  );
}

function Column({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card
      title={title}
      extra={extra}
      style={{ height: '100%' }}
      styles={{ body: { maxHeight: 520, overflow: 'auto' } }}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

/**
 * The cache list of /monitor/cache: the caches, a picked cache's keys, a picked key's record with
 * its secrets masked, and clearing one cache or key.
 */
export function CacheBrowser({ caches, onRefresh }: { caches: CacheSummary[]; onRefresh: () => void }) {
  const { t } = useTranslation('monitorCache');
  const [cache, setCache] = useState<CacheName | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const keys = useCacheKeys(cache);
  const value = useCacheValue(cache, key);
  const clear = useClearCache();
  const confirm = useDangerConfirm();
  const texts = useClearTexts();
  const name = (summary: CacheSummary | CacheName) =>
    t(`name.${typeof summary === 'string' ? summary : summary.cache_name}`);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Column
          title={t('list.names')}
          testId="cache-names"
          extra={
            <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={onRefresh} />
          }
        >
          <List<CacheSummary>
            dataSource={caches}
            renderItem={(item) => (
              <List.Item
                onClick={() => {
                  setCache(item.cache_name);
                  setKey(null);
                }}
                style={selectable(cache === item.cache_name)}
                data-testid={`cache-name-${item.cache_name}`}
                actions={[
                  <HasPermi key="clear" value={['monitor:cache:remove']}>
                    <Tooltip title={t(item.clear_scope === 'all' ? 'clear.scopeAll' : 'clear.scopeExpired')}>
                      <ClearButton
                        onClick={() =>
                          confirm(texts('name', name(item)), () => clear.name.mutateAsync(item.cache_name))
                        }
                      />
                    </Tooltip>
                  </HasPermi>,
                ]}
              >
                <List.Item.Meta
                  title={name(item)}
                  description={
                    <Flex vertical gap={4} align="flex-start">
                      <Flex gap={4} wrap>
                        <Tag>{item.table}</Tag>
                        {item.clear_scope === 'expired' ? (
                          <Tag color="orange">{t('list.expiredOnly')}</Tag>
                        ) : null}
                      </Flex>
                      <span>
                        {t('list.keys', { n: item.keys })} · {formatBytes(item.size_bytes)}
                      </span>
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        </Column>
      </Col>
      <Col xs={24} lg={8}>
        <Column
          title={cache ? t('list.keysOf', { name: name(cache) }) : t('list.keyNames')}
          testId="cache-keys"
        >
          {cache === null ? (
            <Empty description={t('list.pickCache')} />
          ) : keys.isPending ? (
            <Skeleton active />
          ) : (
            <>
              {keys.data?.truncated ? (
                <Alert type="warning" title={t('list.truncated')} style={{ marginBottom: 8 }} />
              ) : null}
              <List<string>
                dataSource={keys.data?.keys ?? []}
                locale={{ emptyText: <Empty description={t('list.noKeys')} /> }}
                renderItem={(item) => (
                  <List.Item
                    onClick={() => setKey(item)}
                    style={selectable(key === item)}
                    actions={[
                      <HasPermi key="clear" value={['monitor:cache:remove']}>
                        <ClearButton
                          onClick={() =>
                            confirm(texts('key', item), () =>
                              clear.key
                                .mutateAsync(item)
                                .then(() => setKey((shown) => (shown === item ? null : shown))),
                            )
                          }
                        />
                      </HasPermi>,
                    ]}
                  >
                    <Typography.Text code ellipsis style={{ maxWidth: 260 }}>
                      {item}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </>
          )}
        </Column>
      </Col>
      <Col xs={24} lg={8}>
        <Column title={t('list.value')} testId="cache-value">
          {key === null ? (
            <Empty description={t('list.pickKey')} />
          ) : value.isPending ? (
            <Skeleton active />
          ) : value.data ? (
            <Flex vertical gap="small">
              <Typography.Text type="secondary">{t('list.keyName')}</Typography.Text>
              <CopyableCode value={value.data.cache_key} copyLabel={t('list.copy')} />
              <Typography.Text type="secondary">{t('list.content')}</Typography.Text>
              <pre
                style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                data-testid="cache-value-text"
              >
                {value.data.cache_value}
              </pre>
            </Flex>
          ) : (
            <Empty description={t('list.gone')} />
          )}
        </Column>
      </Col>
    </Row>
  );
}
