import type { ReactNode } from 'react';
import { Card, Checkbox, Col, Descriptions, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import type { Phone, PhoneGroup } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import {
  groupName,
  PhoneDeviceCell,
  PhoneExpiryCell,
  PhoneSpecCell,
  usePhoneRegionName,
} from './phone-cells';
import { PhoneRowActions, type PhoneMenuChoice } from './phone-row-actions';
import { PhoneStatusBadge } from './phone-status';

export interface PhoneCardsProps {
  phones: readonly Phone[];
  loading: boolean;
  groups: readonly PhoneGroup[] | undefined;
  selectedIds: readonly string[];
  onSelect: (phoneId: string, selected: boolean) => void;
  onChoose: (phone: Phone, choice: PhoneMenuChoice) => void;
  /** The phone whose connection ticket is on its way. */
  connectingId: string | undefined;
  /** What shows without phones (the same empty states as the table). */
  empty: ReactNode;
}

function PhoneCard({
  phone,
  groups,
  selected,
  onSelect,
  onChoose,
  connectingId,
}: { phone: Phone; selected: boolean } & Pick<
  PhoneCardsProps,
  'groups' | 'onSelect' | 'onChoose' | 'connectingId'
>) {
  const { t } = useTranslation('phones');
  const { token } = theme.useToken();
  const regionOf = usePhoneRegionName();
  return (
    <Card
      size="small"
      hoverable
      style={selected ? { borderColor: token.colorPrimary } : undefined}
      title={
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Checkbox
            checked={selected}
            disabled={phone.status === 'deleted'}
            onChange={(event) => onSelect(phone.id, event.target.checked)}
            aria-label={phone.name}
            data-testid="phone-card-select"
          />
          <MobileOutlined style={{ color: token.colorPrimary }} />
          <Typography.Text strong ellipsis={{ tooltip: phone.name }} style={{ minWidth: 0 }}>
            {phone.name}
          </Typography.Text>
        </Flex>
      }
      extra={<PhoneStatusBadge status={phone.status} />}
      actions={[
        <PhoneRowActions
          key="actions"
          phone={phone}
          compact={false}
          connecting={phone.id === connectingId}
          onChoose={onChoose}
        />,
      ]}
      data-testid="phone-card"
      data-phone-id={phone.id}
    >
      {phone.display_name ? (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', marginBottom: 8 }}>
          {phone.display_name}
        </Typography.Text>
      ) : null}
      <Descriptions
        column={1}
        size="small"
        colon={false}
        styles={{ label: { width: 56, color: token.colorTextSecondary } }}
        items={[
          { key: 'spec', label: t('list.column.spec'), children: <PhoneSpecCell phone={phone} /> },
          { key: 'device', label: t('list.column.device'), children: <PhoneDeviceCell phone={phone} /> },
          { key: 'region', label: t('list.card.region'), children: regionOf(phone.region_id) },
          { key: 'expiry', label: t('list.card.expiry'), children: <PhoneExpiryCell phone={phone} /> },
          {
            key: 'group',
            label: t('list.card.group'),
            children: groupName(groups, phone.group_id, t('list.cell.ungrouped')),
          },
        ]}
      />
    </Card>
  );
}

/** The card view: the page's phones in a responsive grid, for people watching many at once. */
export function PhoneCards({
  phones,
  loading,
  groups,
  selectedIds,
  onSelect,
  onChoose,
  connectingId,
  empty,
}: PhoneCardsProps) {
  if (loading && !phones.length)
    return <Skeleton active paragraph={{ rows: 6 }} data-testid="phone-cards-loading" />;
  if (!phones.length) return <div data-testid="phone-cards-empty">{empty}</div>;
  return (
    <Row gutter={[16, 16]} data-testid="phone-cards" style={{ opacity: loading ? 0.6 : 1 }}>
      {phones.map((phone) => (
        <Col key={phone.id} xs={24} sm={12} lg={8} xxl={6}>
          <PhoneCard
            phone={phone}
            groups={groups}
            selected={selectedIds.includes(phone.id)}
            onSelect={onSelect}
            onChoose={onChoose}
            connectingId={connectingId}
          />
        </Col>
      ))}
    </Row>
  );
}
