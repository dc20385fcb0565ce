/** The own proxy page's dialogs: add or edit one proxy, and paste many with a report per line. */
import { useState } from 'react';
import { Alert, App, Flex, Form, Input, InputNumber, Modal, Radio, Table, Tag } from 'antd';
import { OWN_PROXY_BULK_MAX_LINES, PROXY_PROTOCOLS } from '@cloudbay/contracts/core';
import type { OwnProxy, OwnProxyBulkResult, ProxyProtocol } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import type { IntentKeys } from '../../../lib/idempotency';
import { useBulkOwnProxies, useSaveOwnProxy } from './api';

const protocolOptions = PROXY_PROTOCOLS.map((value) => ({ value, label: value.toUpperCase() }));
/** What the server accepts as a host (contracts `ownProxyBody`). */
const HOST_PATTERN = /^[A-Za-z0-9.:[\]-]+$/;

interface FormValues {
  protocol: ProxyProtocol;
  host: string;
  port: number;
  username?: string;
  password?: string;
  remark?: string;
}

/** Add a proxy (POST, Idempotency-Key per intent) or edit one (PUT: an empty password keeps it). */
export function OwnProxyDialog({
  proxy,
  keys,
  onClose,
}: {
  proxy: OwnProxy | undefined;
  keys: IntentKeys;
  onClose: () => void;
}) {
  const { t } = useTranslation('networkProxies');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveOwnProxy();
  const submit = (values: FormValues) => {
    const body = {
      protocol: values.protocol,
      host: values.host.trim(),
      port: values.port,
      username: values.username ?? '',
      remark: values.remark?.trim() ?? '',
      // Editing: an empty password field keeps the stored one.
      ...(proxy && !values.password ? {} : { password: values.password ?? '' }),
    };
    const intent = { add: body };
    save.mutate(
      { id: proxy?.id, body, idempotencyKey: keys.keyFor(intent) },
      {
        onSuccess: () => {
          keys.settle(intent);
          void message.success(t('own.form.saved'));
          onClose();
        },
        onError: (error) => keys.settle(intent, error),
      },
    );
  };
  return (
    <Modal
      open
      title={proxy ? t('own.form.editTitle') : t('own.form.addTitle')}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="own-proxy-dialog"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={
          proxy
            ? {
                protocol: proxy.protocol,
                host: proxy.host,
                port: proxy.port,
                username: proxy.username,
                remark: proxy.remark,
              }
            : { protocol: 'socks5' }
        }
      >
        <Form.Item name="protocol" label={t('own.form.protocol')}>
          <Radio.Group optionType="button" options={protocolOptions} data-testid="own-proxy-protocol" />
        </Form.Item>
        <Flex gap="middle">
          <Form.Item
            name="host"
            label={t('own.form.host')}
            style={{ flex: 1 }}
            rules={[
              { required: true, whitespace: true, message: t('own.form.hostRequired') },
              { pattern: HOST_PATTERN, message: t('own.form.hostInvalid') },
            ]}
          >
            <Input placeholder={t('own.form.hostPlaceholder')} maxLength={255} data-testid="own-proxy-host" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('own.form.port')}
            rules={[
              { required: true, type: 'integer', min: 1, max: 65_535, message: t('own.form.portRequired') },
            ]}
          >
            <InputNumber
              min={1}
              max={65_535}
              precision={0}
              style={{ width: 120 }}
              data-testid="own-proxy-port"
            />
          </Form.Item>
        </Flex>
        <Flex gap="middle">
          <Form.Item name="username" label={t('own.form.username')} style={{ flex: 1 }}>
            <Input maxLength={255} autoComplete="off" data-testid="own-proxy-username" />
          </Form.Item>
          <Form.Item name="password" label={t('own.form.password')} style={{ flex: 1 }}>
            <Input.Password
              maxLength={255}
              autoComplete="new-password"
              placeholder={proxy?.has_password ? t('own.form.passwordKeep') : undefined}
              data-testid="own-proxy-password"
            />
          </Form.Item>
        </Flex>
        <Form.Item name="remark" label={t('own.form.remark')} style={{ marginBottom: 0 }}>
          <Input maxLength={100} data-testid="own-proxy-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Paste one `host:port:user:pass` per line; the server reports every line, good ones are added. */
export function BulkImportDialog({ keys, onClose }: { keys: IntentKeys; onClose: () => void }) {
  const { t } = useTranslation('networkProxies');
  const bulk = useBulkOwnProxies();
  const [protocol, setProtocol] = useState<ProxyProtocol>('socks5');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [report, setReport] = useState<OwnProxyBulkResult>();
  const submit = () => {
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    const intent = { bulk: { protocol, text } };
    bulk.mutate(
      { protocol, text, idempotencyKey: keys.keyFor(intent) },
      {
        onSuccess: (answer) => {
          keys.settle(intent);
          setReport(answer);
        },
        onError: (error) => keys.settle(intent, error),
      },
    );
  };
  return (
    <Modal
      open
      width={640}
      title={t('own.bulkForm.title')}
      okText={report ? t('dialog.close') : t('own.bulkForm.submit')}
      cancelText={t('dialog.cancel')}
      onOk={report ? onClose : submit}
      onCancel={onClose}
      confirmLoading={bulk.isPending}
      cancelButtonProps={report ? { style: { display: 'none' } } : undefined}
      destroyOnHidden
      data-testid="own-proxy-bulk-dialog"
    >
      {report ? (
        <Flex vertical gap="middle" data-testid="own-proxy-bulk-report">
          <Alert
            type={report.failed === 0 ? 'success' : report.created === 0 ? 'error' : 'warning'}
            showIcon
            title={t('own.bulkForm.report', { created: report.created, failed: report.failed })}
          />
          <Table
            size="small"
            rowKey="line"
            pagination={report.lines.length > 10 ? { pageSize: 10, size: 'small' } : false}
            dataSource={report.lines}
            columns={[
              { key: 'line', title: t('own.bulkForm.line'), dataIndex: 'line', width: 64 },
              {
                key: 'result',
                title: t('own.bulkForm.result'),
                render: (_, line) =>
                  line.ok ? (
                    <Tag color="success">{t('own.bulkForm.ok')}</Tag>
                  ) : (
                    <Tag color="error">{line.message}</Tag>
                  ),
              },
            ]}
          />
        </Flex>
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('own.bulkForm.protocol')}>
            <Radio.Group
              value={protocol}
              onChange={(event) => setProtocol(event.target.value as ProxyProtocol)}
              optionType="button"
              options={protocolOptions}
            />
          </Form.Item>
          <Form.Item
            label={t('own.bulkForm.text')}
            extra={t('own.bulkForm.hint', { max: OWN_PROXY_BULK_MAX_LINES })}
            validateStatus={missing ? 'error' : undefined}
            help={missing ? t('own.bulkForm.required') : undefined}
            style={{ marginBottom: 0 }}
          >
            <Input.TextArea
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setMissing(false);
              }}
              autoSize={{ minRows: 6, maxRows: 14 }}
              placeholder={t('own.bulkForm.placeholder')}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              data-testid="own-proxy-bulk-text"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
