import { Badge } from 'antd';
import type { PhoneStatus } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { isPhoneChanging } from '../api/phones-list';

const COLORS: Record<PhoneStatus, 'success' | 'processing' | 'default' | 'error' | 'warning'> = {
  creating: 'processing',
  starting: 'processing',
  running: 'success',
  stopping: 'processing',
  stopped: 'default',
  rebooting: 'processing',
  resetting: 'warning',
  deleted: 'error',
};

/** A phone's run status as a badge; the changing ones pulse (antd's processing dot). */
export function PhoneStatusBadge({ status }: { status: PhoneStatus }) {
  const { t } = useTranslation('phones');
  return (
    <Badge
      status={COLORS[status]}
      text={t(`list.status.${status}`)}
      data-testid="phone-status"
      data-status={status}
      aria-busy={isPhoneChanging({ status })}
    />
  );
}
