/**
 * The customer's running phones on /phoneconnet: a list with a Connect button per phone, or the
 * screenshot wall, filtered by name and paged on the server (fifty phones stay fifty thumbnails
 * at most per page). The list is asked again every few seconds while the page is visible, so a
 * phone that starts or stops shows up or leaves.
 */
import { useState } from 'react';
import { Button, Flex, Result, Segmented, Spin, Typography, type TableColumnsType } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { RecordList } from '../../../components/record-list';
import { SearchForm } from '../../../components/search-form';
import { SearchFields } from '../../../components/search-fields';
import { isRequestError } from '../../../lib/request';
import { useListFilter } from '../../../lib/use-list-filter';
import { usePageVisible } from '../../../lib/use-page-visible';
import { useRunningPhones } from '../api/phone-connect';
import { PhoneStatusBadge } from '../list/phone-status';
import { useDeviceName } from '../device';
import { PHONE_LIST_PATH } from '../paths';
import { ScreenshotWall, WALL_REFRESH_MS } from './screenshot-wall';
import { usePhoneConnect } from './use-phone-connect';

/** How often the visible page asks which phones run. */
export const RUNNING_REFRESH_MS = 10_000;

type View = 'list' | 'wall';
/** The orientations the cloud reports (absent until it does). */
const ORIENTATIONS = ['portrait', 'landscape'] as const;
interface NameFilter {
  name: string;
}

function useColumns(
  phones: readonly Phone[],
  connect: (phone: Phone) => void,
  connectingId: string | undefined,
): TableColumnsType<Phone> {
  const { t } = useTranslation('phoneConnect');
  const deviceName = useDeviceName(phones);
  return [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, phone) => (
        <Flex vertical>
          <Typography.Text strong>{phone.name}</Typography.Text>
          {phone.display_name ? (
            <Typography.Text type="secondary">{phone.display_name}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, phone) => <PhoneStatusBadge status={phone.status} />,
    },
    {
      key: 'model',
      title: t('columns.model'),
      render: (_, phone) => deviceName(phone) ?? t('unknownModel'),
    },
    {
      key: 'resolution',
      title: t('columns.resolution'),
      render: (_, phone) => {
        const orientation = ORIENTATIONS.find((value) => value === phone.orientation);
        return (
          [phone.resolution, orientation && t(`orientation.${orientation}`)].filter(Boolean).join(' · ') ||
          '—'
        );
      },
    },
    { key: 'ip', title: t('columns.ip'), render: (_, phone) => phone.private_ip ?? '—' },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, phone) => (
        <Button
          type="link"
          loading={connectingId === phone.id}
          onClick={() => connect(phone)}
          data-testid={`phone-connect-${phone.id}`}
          style={{ paddingInline: 0 }}
        >
          {t('connect')}
        </Button>
      ),
    },
  ];
}

export function RunningPhones() {
  const { t } = useTranslation('phoneConnect');
  const [view, setView] = useState<View>('list');
  const list = useListFilter<NameFilter>();
  const visible = usePageVisible();
  const query = useRunningPhones(list.query, visible ? RUNNING_REFRESH_MS : false);
  const { connect, connectingId } = usePhoneConnect();
  const phones = query.data?.list ?? [];
  const columns = useColumns(phones, connect, connectingId);

  if (isRequestError(query.error) && query.error.status === 403) {
    // No phone flag: the server's translated reason, not an empty list.
    return (
      <Result
        status="403"
        title={t('title')}
        subTitle={query.error.message}
        data-testid="phone-connect-denied"
      />
    );
  }

  const empty = (
    <RecordListEmpty
      failed={query.isError}
      filtered={Boolean(list.filter.name)}
      onRetry={() => void query.refetch()}
      texts={recordListTexts((key) => t(key))}
      testIdPrefix="phone-connect"
    >
      <Link to={PHONE_LIST_PATH} data-testid="phone-connect-to-list">
        <Button type="primary">{t('toList')}</Button>
      </Link>
    </RecordListEmpty>
  );

  const wall = query.isPending ? (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin data-testid="phone-wall-pending" />
    </Flex>
  ) : phones.length ? (
    <ScreenshotWall phones={phones} live={visible} onConnect={connect} connectingId={connectingId} />
  ) : (
    empty
  );

  return (
    <RecordList<Phone, NameFilter>
      search={
        <SearchForm<Partial<NameFilter>>
          fieldWidth={220}
          testId="phone-connect-search"
          onSearch={(values) => list.applyFilter(values.name?.trim() ? { name: values.name.trim() } : {})}
          onReset={() => list.applyFilter({})}
        >
          <SearchFields
            naming={{ label: () => t('filter.name'), testId: () => 'phone-connect-name-filter' }}
            fields={[{ key: 'name', text: { placeholder: t('filter.namePlaceholder'), maxLength: 30 } }]}
          />
        </SearchForm>
      }
      query={query}
      list={list}
      columns={columns}
      rowKey="id"
      emptyText={empty}
      tableTestId="phone-connect-table"
      actions={
        <Flex align="center" gap="small" wrap>
          <Segmented<View>
            value={view}
            onChange={setView}
            data-testid="phone-connect-view"
            options={[
              { value: 'list', label: t('views.list'), icon: <UnorderedListOutlined /> },
              { value: 'wall', label: t('views.wall'), icon: <AppstoreOutlined /> },
            ]}
          />
          {view === 'wall' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="phone-wall-state">
              {visible ? t('wall.refreshing', { seconds: WALL_REFRESH_MS / 1000 }) : t('wall.paused')}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      view={view === 'wall' ? wall : undefined}
    />
  );
}
