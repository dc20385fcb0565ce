import { Tag } from 'antd';
import type { PhoneStatus } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';

const COLORS: Partial<Record<PhoneStatus, string>> = {
  running: 'success',
  stopped: 'default',
  deleted: 'default',
};

/** A phone's run status as a coloured tag (changing ones in blue). */
export function PhoneStatusTag({ status }: { status: PhoneStatus }) {
  const { t } = useTranslation('phoneConnect');
  return (
    <Tag color={COLORS[status] ?? 'processing'} data-testid="phone-status" bordered={false}>
      {t(`status.${status}`)}
    </Tag>
  );
}
