import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { topupStatusColor, topupStatusName } from '../topup-status';

/** A top-up order's status as a coloured tag. */
export function TopupStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('wallet');
  const name = topupStatusName(status);
  if (!name) return <Tag>{t('status.unknown')}</Tag>;
  return (
    <Tag color={topupStatusColor(name)} style={{ marginInlineEnd: 0 }} data-testid="topup-status">
      {t(`status.${name}`)}
    </Tag>
  );
}
