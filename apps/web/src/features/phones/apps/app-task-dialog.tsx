import { useState } from 'react';
import { Alert, App, Flex, Form, Modal, Select, type ButtonProps } from 'antd';
import type { Phone, PhoneApp } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useIntentKeys } from '../../../lib/idempotency';
import { formatBytes } from '../../../lib/traffic-units';
import { PhonePickerField, usePhoneSelection } from '../components/phone-picker';
import { useTaskCentreLink } from '../tasks/task-centre-link';
import { useAppVersions, useInstallApp, useUninstallApp } from './api/phone-apps';

export type AppTaskMode = 'install' | 'uninstall';

export interface AppTaskDialogProps {
  app: PhoneApp;
  mode: AppTaskMode;
  /** The version to install (the newest when absent). */
  versionId?: number;
  onClose: () => void;
}

/**
 * Installs an app on chosen phones (a version of it) or uninstalls its package: one task per
 * phone, which the task centre follows. The selection is required; uninstalling is destructive,
 * so its button is red and the dialog says what goes.
 */
export function AppTaskDialog({ app, mode, versionId, onClose }: AppTaskDialogProps) {
  const { t } = useTranslation('phoneApps');
  // A toast renders outside the router: the link navigates with this page's router (no <Link>).
  const taskCentreLink = useTaskCentreLink();
  const { message } = App.useApp();
  const selection = usePhoneSelection();
  const versions = useAppVersions(mode === 'install' ? app.id : undefined);
  const [version, setVersion] = useState(versionId ?? app.version_id);
  const install = useInstallApp();
  const uninstall = useUninstallApp();
  const intents = useIntentKeys();
  const pending = install.isPending || uninstall.isPending;

  // Installs need a running phone; the server fails a task whose phone stopped meanwhile, with the reason.
  const refusalOf = (phone: Phone) =>
    mode === 'install' && phone.status !== 'running' ? t('install.notRunning') : undefined;

  const submit = async () => {
    const phoneIds = selection.ready();
    if (!phoneIds) return;
    const request =
      mode === 'install'
        ? { mode, appId: app.id, versionId: version, phoneIds }
        : { mode, packageName: app.package_name, phoneIds };
    const idempotencyKey = intents.keyFor(request);
    try {
      const { tasks } =
        request.mode === 'install'
          ? await install.mutateAsync({ ...request, idempotencyKey })
          : await uninstall.mutateAsync({ ...request, idempotencyKey });
      intents.settle(request);
      void message.success({
        content: (
          <span data-testid="app-tasks-created">
            {t(`${mode}.created`, { count: tasks.length })} {taskCentreLink({ type: mode })}
          </span>
        ),
        duration: 6,
      });
      onClose();
    } catch (error) {
      // The request client has shown the server's message.
      intents.settle(request, error);
    }
  };

  return (
    <Modal
      open
      title={t(`${mode}.title`, { name: app.name })}
      okText={t(`${mode}.submit`)}
      cancelText={t('dialog.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ danger: mode === 'uninstall', 'data-testid': 'app-task-submit' } as ButtonProps}
      mask={{ closable: false }}
    >
      <Flex vertical gap="middle" style={{ paddingTop: 8 }}>
        <Alert
          type={mode === 'install' ? 'info' : 'warning'}
          showIcon
          title={
            mode === 'install' ? t('install.hint') : t('uninstall.hint', { packageName: app.package_name })
          }
        />
        <Form layout="vertical" requiredMark={false}>
          {mode === 'install' ? (
            <Form.Item label={t('install.version')}>
              <Select
                value={version}
                onChange={setVersion}
                loading={versions.isPending}
                options={(versions.data ?? []).map((item, index) => ({
                  value: item.id,
                  label: `${index === 0 ? t('install.latest', { version: item.version }) : item.version} · ${formatBytes(item.apk_size)}`,
                }))}
                data-testid="app-task-version"
              />
            </Form.Item>
          ) : null}
          <PhonePickerField
            selection={selection}
            refusalOf={refusalOf}
            label={t(`${mode}.phones`)}
            testId="app-task-phones"
          />
        </Form>
      </Flex>
    </Modal>
  );
}
