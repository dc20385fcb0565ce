import type { ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Flex, Progress, Row, Skeleton, Tag } from 'antd';
import { LazyTable } from '../../../components/lazy-table';
import type { ServerInfo } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { formatDateTime } from '../../../lib/format-time';
import { formatBytes, formatPercent } from '../../../lib/traffic-units';
import { formatDuration } from './format-duration';
import { StatCards } from '../shared/stat-cards';
import { useServerInfo } from './server-api';

/** Green, then orange from 70 %, red from 90 %. */
const usageColor = (percent: number) => (percent >= 90 ? '#ff4d4f' : percent >= 70 ? '#faad14' : '#52c41a');

function Usage({ percent, testId }: { percent: number; testId?: string }) {
  return (
    <Progress
      percent={Math.round(percent * 10) / 10}
      strokeColor={usageColor(percent)}
      format={(value) => formatPercent(value ?? 0)}
      data-testid={testId}
    />
  );
}

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card title={title} style={{ height: '100%' }} data-testid={testId}>
      {children}
    </Card>
  );
}

/** A half-width card: a usage bar over the figures it comes from. */
function UsageSection({
  title,
  percent,
  testId,
  children,
}: {
  title: ReactNode;
  percent: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Col xs={24} lg={12}>
      <Section title={title} testId={testId}>
        <Flex vertical gap="small">
          <Usage percent={percent} testId={`${testId}-usage`} />
          {children}
        </Flex>
      </Section>
    </Col>
  );
}

function HostCards({ info }: { info: ServerInfo }) {
  const { t } = useTranslation('monitorServer');
  const { cpu, memory } = info;
  return (
    <Row gutter={[16, 16]}>
      <UsageSection title={t('cpu.title')} percent={cpu.usage_percent} testId="server-cpu">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('cpu.model')}>{cpu.model}</Descriptions.Item>
          <Descriptions.Item label={t('cpu.cores')}>{cpu.cores}</Descriptions.Item>
          <Descriptions.Item label={t('cpu.user')}>{formatPercent(cpu.user_percent)}</Descriptions.Item>
          <Descriptions.Item label={t('cpu.system')}>{formatPercent(cpu.system_percent)}</Descriptions.Item>
          <Descriptions.Item label={t('cpu.idle')}>{formatPercent(cpu.idle_percent)}</Descriptions.Item>
          <Descriptions.Item label={t('cpu.load')}>
            {info.load_average.map((n) => n.toFixed(2)).join(' / ')}
          </Descriptions.Item>
        </Descriptions>
      </UsageSection>
      <UsageSection title={t('memory.title')} percent={memory.usage_percent} testId="server-memory">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('memory.total')}>{formatBytes(memory.total_bytes)}</Descriptions.Item>
          <Descriptions.Item label={t('memory.used')}>{formatBytes(memory.used_bytes)}</Descriptions.Item>
          <Descriptions.Item label={t('memory.free')}>{formatBytes(memory.free_bytes)}</Descriptions.Item>
        </Descriptions>
      </UsageSection>
    </Row>
  );
}

function ProcessCards({ info }: { info: ServerInfo }) {
  const { t } = useTranslation('monitorServer');
  const { node, database: db, os } = info;
  const heapPercent = node.heap_total_bytes ? (node.heap_used_bytes / node.heap_total_bytes) * 100 : 0;
  const connections = db.connections.reduce((sum, c) => sum + c.count, 0);
  return (
    <Row gutter={[16, 16]}>
      <UsageSection title={t('node.title')} percent={heapPercent} testId="server-node">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('node.version')}>{node.version}</Descriptions.Item>
          <Descriptions.Item label={t('node.pid')}>{node.pid}</Descriptions.Item>
          <Descriptions.Item label={t('node.uptime')}>
            {formatDuration(node.uptime_seconds, t)}
          </Descriptions.Item>
          <Descriptions.Item label={t('node.rss')}>{formatBytes(node.rss_bytes)}</Descriptions.Item>
          <Descriptions.Item label={t('node.heap')}>
            {formatBytes(node.heap_used_bytes)} / {formatBytes(node.heap_total_bytes)}
          </Descriptions.Item>
          <Descriptions.Item label={t('node.loop')}>
            {t('node.loopValue', { p50: node.event_loop_p50_ms, p99: node.event_loop_p99_ms })}
          </Descriptions.Item>
        </Descriptions>
      </UsageSection>
      <UsageSection
        title={t('db.title')}
        percent={db.max_connections ? (connections / db.max_connections) * 100 : 0}
        testId="server-db"
      >
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('db.version')}>PostgreSQL {db.version}</Descriptions.Item>
          <Descriptions.Item label={t('db.size')}>{formatBytes(db.size_bytes)}</Descriptions.Item>
          <Descriptions.Item label={t('db.uptime')}>{formatDuration(db.uptime_seconds, t)}</Descriptions.Item>
          <Descriptions.Item label={t('db.hitRate')}>
            {db.cache_hit_percent === null ? '—' : formatPercent(db.cache_hit_percent)}
          </Descriptions.Item>
          <Descriptions.Item label={t('db.connections')} span={2}>
            <Flex gap={4} wrap>
              {t('db.connectionsOf', { n: connections, max: db.max_connections })}
              {db.connections.map((c) => (
                <Tag key={c.state}>
                  {c.state}: {c.count}
                </Tag>
              ))}
            </Flex>
          </Descriptions.Item>
        </Descriptions>
      </UsageSection>
      <Col span={24}>
        <Section title={t('os.title')} testId="server-os">
          <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} size="small">
            <Descriptions.Item label={t('os.hostname')}>{os.hostname}</Descriptions.Item>
            <Descriptions.Item label={t('os.platform')}>{os.platform}</Descriptions.Item>
            <Descriptions.Item label={t('os.release')}>{os.release}</Descriptions.Item>
            <Descriptions.Item label={t('os.arch')}>{os.arch}</Descriptions.Item>
            <Descriptions.Item label={t('os.uptime')}>
              {formatDuration(os.uptime_seconds, t)}
            </Descriptions.Item>
          </Descriptions>
        </Section>
      </Col>
    </Row>
  );
}

function Disks({ info }: { info: ServerInfo }) {
  const { t } = useTranslation('monitorServer');
  return (
    <Section title={t('disk.title')} testId="server-disks">
      <LazyTable<ServerInfo['disks'][number]>
        rowKey="path"
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={info.disks}
        columns={[
          { key: 'path', title: t('disk.path'), dataIndex: 'path' },
          { key: 'total', title: t('disk.total'), render: (_, d) => formatBytes(d.total_bytes) },
          { key: 'used', title: t('disk.used'), render: (_, d) => formatBytes(d.used_bytes) },
          { key: 'free', title: t('disk.free'), render: (_, d) => formatBytes(d.free_bytes) },
          {
            key: 'usage',
            title: t('disk.usage'),
            render: (_, d) => (
              <div style={{ minWidth: 160 }}>
                <Usage percent={d.usage_percent} />
              </div>
            ),
          },
        ]}
      />
    </Section>
  );
}

/** /monitor/server (RuoYi's 服务监控): the host, the Node process and PostgreSQL, refreshed every 5 s. */
export function ServerPage() {
  const { t } = useTranslation('monitorServer');
  const server = useServerInfo();
  const info = server.data;
  return (
    <Flex vertical gap="large" data-testid="page-monitor-server">
      <PageHeading
        title={t('title')}
        subtitle={
          info ? t('sampledAt', { time: formatDateTime(info.sampled_at, { seconds: true }) }) : t('subtitle')
        }
        extra={
          <Button onClick={() => void server.refetch()} loading={server.isFetching}>
            {t('refresh')}
          </Button>
        }
      />
      {info ? (
        <>
          <StatCards
            items={[
              { title: t('cpu.title'), value: formatPercent(info.cpu.usage_percent) },
              { title: t('memory.title'), value: formatPercent(info.memory.usage_percent) },
              { title: t('cpu.load1'), value: info.load_average[0].toFixed(2) },
              { title: t('node.loopP99'), value: t('node.ms', { ms: info.node.event_loop_p99_ms }) },
            ]}
          />
          <HostCards info={info} />
          <ProcessCards info={info} />
          <Disks info={info} />
        </>
      ) : server.isError ? (
        <Card>
          <ListEmpty description={t('failed')} testId="server-error">
            <Button onClick={() => void server.refetch()}>{t('retry')}</Button>
          </ListEmpty>
        </Card>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      )}
    </Flex>
  );
}
