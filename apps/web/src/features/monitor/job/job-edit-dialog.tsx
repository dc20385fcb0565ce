import { Alert, Button, Form, Input } from 'antd';
import type { SysJob } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { looksLikeCron } from './job-names';
import { useEditJob } from './job-api';
import { useJobName } from './use-job-name';

interface Values {
  cron: string;
  remark?: string;
}

/** Changes a job's cron (five fields, UTC) and remark; the server validates the cron and reschedules. */
export function JobEditDialog({ job, onClose }: { job: SysJob | null; onClose: () => void }) {
  const { t } = useTranslation('monitorJob');
  const jobName = useJobName();
  const [form] = Form.useForm<Values>();
  const edit = useEditJob();
  const submit = async () => {
    const values = await form.validateFields();
    await edit.mutateAsync({ id: job!.id, cron: values.cron.trim(), remark: values.remark?.trim() || null });
    onClose();
  };
  return (
    <ActionDialog
      open={job !== null}
      title={t('edit.title', { name: job ? jobName(job.queue) : '' })}
      onClose={onClose}
      testId="job-edit"
      footer={
        <DialogFooter
          cancelText={t('cancel')}
          submitText={t('edit.submit')}
          onCancel={onClose}
          onSubmit={() => void submit().catch(() => undefined)}
          loading={edit.isPending}
          submitTestId="job-edit-submit"
        />
      }
    >
      {job ? (
        <Form form={form} layout="vertical" initialValues={{ cron: job.cron, remark: job.remark ?? '' }}>
          <Alert type="info" showIcon title={t('edit.utc')} />
          <Form.Item
            name="cron"
            label={t('column.cron')}
            extra={
              <span>
                {t('edit.default', { cron: job.default_cron })}{' '}
                <Button type="link" size="small" onClick={() => form.setFieldValue('cron', job.default_cron)}>
                  {t('edit.restore')}
                </Button>
              </span>
            }
            rules={[
              { required: true, message: t('edit.cronRequired') },
              {
                validator: (_, value: string) =>
                  !value || looksLikeCron(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('edit.cronFields'))),
              },
            ]}
          >
            <Input maxLength={100} style={{ fontFamily: 'monospace' }} data-testid="job-edit-cron" />
          </Form.Item>
          <Form.Item name="remark" label={t('column.remark')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      ) : null}
    </ActionDialog>
  );
}
