import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A run's result: RuoYi's '0' success, '1' failure. */
export function JobStatusTag({ status }: { status: '0' | '1' }) {
  const { t } = useTranslation('monitorJob');
  return status === '0' ? (
    <Tag color="success">{t('result.success')}</Tag>
  ) : (
    <Tag color="error">{t('result.failure')}</Tag>
  );
}
