import type { LogStatus } from '@cloudbay/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Success (green) or failure (red), as RuoYi's sys_common_status tags. */
export function LogStatusTag({ status }: { status: LogStatus }) {
  const { t } = useTranslation('monitorLogs');
  return <Tag color={status === 'success' ? 'success' : 'error'}>{t(`status.${status}`)}</Tag>;
}
