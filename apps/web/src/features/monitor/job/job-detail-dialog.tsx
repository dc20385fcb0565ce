import { Descriptions, Modal } from 'antd';
import type { SysJob } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { useJobName } from './use-job-name';

/** A job's details (RuoYi's 任务详细), read-only; loaded when first opened. */
export function JobDetailDialog({ job, onClose }: { job: SysJob | null; onClose: () => void }) {
  const { t } = useTranslation('monitorJob');
  const jobName = useJobName();
  return (
    <Modal open={job !== null} title={t('detail.title')} onCancel={onClose} footer={null} width={640}>
      {job ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('column.name')}>{jobName(job.queue)}</Descriptions.Item>
          <Descriptions.Item label={t('column.queue')}>{job.queue}</Descriptions.Item>
          <Descriptions.Item label={t('column.cron')}>{job.cron}</Descriptions.Item>
          <Descriptions.Item label={t('detail.defaultCron')}>{job.default_cron}</Descriptions.Item>
          <Descriptions.Item label={t('column.status')}>
            {t(job.status === '0' ? 'status.normal' : 'status.paused')}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.lastRun')}>
            {formatDateTime(job.last_run_at) || t('never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.nextRun')}>
            {formatDateTime(job.next_run_at) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.remark')}>{job.remark || '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
