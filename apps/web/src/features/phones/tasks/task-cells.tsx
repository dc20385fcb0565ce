/** The task list's cells: the status tag, and the result with a command's output in a popover. */
import { Button, Flex, Popover, Tag, Typography, theme } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { PhoneTask, PhoneTaskStatus } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_TAG: Record<PhoneTaskStatus, { color: string; icon: React.ReactNode }> = {
  pending: { color: 'default', icon: <ClockCircleOutlined /> },
  running: { color: 'processing', icon: <SyncOutlined spin /> },
  success: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

export function TaskStatusTag({ status }: { status: PhoneTaskStatus }) {
  const { t } = useTranslation('phoneTasks');
  const { color, icon } = STATUS_TAG[status];
  return (
    <Tag color={color} icon={icon} data-testid="task-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A command's output, as the phone printed it, scrollable. */
function CommandOutput({ output }: { output: string }) {
  const { t } = useTranslation('phoneTasks');
  const { token } = theme.useToken();
  return (
    <pre
      data-testid="task-output-text"
      style={{
        margin: 0,
        maxWidth: 'min(560px, 80vw)',
        maxHeight: 320,
        overflow: 'auto',
        padding: token.paddingSM,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
        fontSize: token.fontSizeSM,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {output === '' ? t('result.noOutput') : output}
    </pre>
  );
}

/** The result in the reader's language; a command's output opens from it; the retry link under it. */
export function TaskResult({ task }: { task: PhoneTask }) {
  const { t } = useTranslation('phoneTasks');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} style={{ minWidth: 160, maxWidth: 320 }}>
      <Flex gap={8} align="baseline" wrap>
        <Typography.Text
          type={task.status === 'failed' ? 'danger' : undefined}
          data-testid="task-result"
          style={{ wordBreak: 'break-word' }}
        >
          {task.result ?? '—'}
        </Typography.Text>
        {task.output !== null ? (
          <Popover
            trigger="click"
            title={t('result.outputTitle')}
            content={<CommandOutput output={task.output} />}
          >
            <Button type="link" size="small" style={{ paddingInline: 0 }} data-testid="task-output">
              {t('result.output')}
            </Button>
          </Popover>
        ) : null}
      </Flex>
      {task.retry_of !== null || task.retried_by !== null ? (
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {task.retried_by !== null
            ? t('result.retriedAs', { id: task.retried_by })
            : t('result.retryOf', { id: task.retry_of })}
        </span>
      ) : null}
    </Flex>
  );
}
