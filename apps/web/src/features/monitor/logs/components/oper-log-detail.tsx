import { Alert, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-time';
import { useOperLog } from '../api/logs-api';
import { useModuleName } from '../module-name';
import { LogStatusTag } from './log-status-tag';

/** JSON text shown indented; anything that is not JSON (a cut-off long value) as it is. */
function pretty(text: string | null): string {
  if (!text) return '—';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Code({ text, testId }: { text: string | null; testId: string }) {
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      <pre
        style={{ margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}
        data-testid={testId}
      >
        {pretty(text)}
      </pre>
    </Typography.Paragraph>
  );
}

/** RuoYi's operation-log detail: who did what, with the masked params and the answer. */
export function OperLogDetail({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('monitorLogs');
  const moduleName = useModuleName();
  const entry = useOperLog(id);
  const log = entry.data;
  return (
    <Modal
      open={id !== undefined}
      title={t('detail.title')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      data-testid="operlog-detail"
    >
      {entry.isError ? <Alert type="error" showIcon title={t('detail.loadFailed')} /> : null}
      {entry.isPending && id !== undefined ? <Skeleton active /> : null}
      {log ? (
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label={t('column.module')}>
            {moduleName(log.module)} / {t(`businessType.${log.business_type}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.status')}>
            <LogStatusTag status={log.status} /> {log.result_code}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.account')}>
            {log.email ?? t('detail.anonymous')}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.ip')}>{log.ip}</Descriptions.Item>
          <Descriptions.Item label={t('column.url')} span={2}>
            <Typography.Text code>{log.method}</Typography.Text> {log.url}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.route')} span={2}>
            {log.route}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.time')}>{formatDateTime(log.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('column.duration')}>
            {t('detail.ms', { ms: log.duration_ms })}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.params')} span={2}>
            <Code text={log.params} testId="operlog-params" />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.result')} span={2}>
            <Code text={log.result} testId="operlog-result" />
          </Descriptions.Item>
          {log.error_msg ? (
            <Descriptions.Item label={t('detail.error')} span={2}>
              <Typography.Text type="danger">{log.error_msg}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </Modal>
  );
}
