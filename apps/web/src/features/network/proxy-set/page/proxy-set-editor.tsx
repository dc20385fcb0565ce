/**
 * The proxy set's editor: one card per configuration (enabled, type, address, ports, credentials,
 * rules), import from and export to a JSON file of the published schema, save. Every check is the
 * contract's zod schema, the one the server applies; its faults are shown on their fields.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProxySet } from '@cloudbay/contracts';
import { PROXY_RULE_MODES, PROXY_SET_MAX_CONFIGS, PROXY_TYPES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../../lib/download';
import { useSaveProxySet, type ProxySetAccess } from '../api/proxy-set';
import { AppliedProxy } from './applied-proxy';
import {
  NEW_CONFIG,
  bodyOf,
  checkProxySet,
  fieldsOf,
  type ProxyFault,
  type ProxyFormValues,
} from './proxy-form';

const FIELD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  columnGap: 16,
};

export function ProxySetEditor({ access, set }: { access: ProxySetAccess; set: ProxySet }) {
  const { t } = useTranslation('proxySet');
  const { message } = App.useApp();
  const [form] = Form.useForm<ProxyFormValues>();
  const save = useSaveProxySet(access);
  const initial = useMemo<ProxyFormValues>(() => ({ configs: set.configs.map(fieldsOf) }), [set]);
  const [dirty, setDirty] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const configs = Form.useWatch('configs', form) ?? initial.configs;

  // Leaving with unsaved changes asks first: the list lives only in this page until saved.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const codeText = (code: string) => t(`validation.${code}`, { defaultValue: t('validation.INVALID') });

  /** Faults on their fields; one of the whole list (an empty list) as a message. */
  const showFaults = (faults: ProxyFault[]) => {
    form.setFields(
      faults.flatMap((fault) => (fault.field ? [{ name: fault.field, errors: [codeText(fault.code)] }] : [])),
    );
    const listFault = faults.find((fault) => !fault.field);
    void message.error(listFault ? codeText(listFault.code) : t('validation.checkForm'));
  };

  /** The list on screen as the contract takes it, or undefined once its faults are shown. */
  const checked = () => {
    const result = checkProxySet(bodyOf(form.getFieldsValue(true) as ProxyFormValues));
    if ('faults' in result) {
      showFaults(result.faults);
      return undefined;
    }
    return result.body;
  };

  const onSave = () => {
    const body = checked();
    if (!body) return;
    save
      .mutateAsync(body.configs)
      // The saved list comes back as the query's data, and the page remounts the editor on it.
      .then(() => void message.success(t('editor.saved')))
      // A refusal has been told by the request client.
      .catch(() => undefined);
  };

  const onExport = () => {
    const body = checked();
    if (!body) return;
    const file = new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: 'application/json' });
    saveBlob(file, `proxy-set-${set.resource_id}.json`);
  };

  /** Spec §8: a file that cannot be read and one that is not a valid list each have their message. */
  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      void message.error(t('import.readFailed'));
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      void message.error(t('import.invalidFormat'));
      return;
    }
    const result = checkProxySet(json);
    if ('faults' in result) {
      const [first] = result.faults;
      const where = first?.field ? t('import.where', { n: Number(first.field[1]) + 1 }) : '';
      void message.error(`${t('import.invalidFormat')}: ${where}${codeText(first?.code ?? 'INVALID')}`);
      return;
    }
    form.setFieldsValue({ configs: result.body.configs.map(fieldsOf) });
    setDirty(true);
    void message.success(t('import.done', { count: result.body.configs.length }));
  };

  const discard = () => {
    form.resetFields();
    setDirty(false);
  };

  return (
    <Flex vertical gap="middle">
      <AppliedProxy set={set} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap="small">
          <Space wrap size={[8, 4]}>
            <Typography.Text strong data-testid="proxy-set-resource">
              {t(`kind.${set.kind}`)} · {set.name}
            </Typography.Text>
            <Typography.Text type="secondary">{set.resource_id}</Typography.Text>
            {dirty ? <Tag color="warning">{t('editor.unsaved')}</Tag> : null}
          </Space>
          <Space wrap>
            <Button
              icon={<UploadOutlined />}
              onClick={() => fileInput.current?.click()}
              data-testid="proxy-import"
            >
              {t('editor.import')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={onExport}
              disabled={configs.length === 0}
              data-testid="proxy-export"
            >
              {t('editor.export')}
            </Button>
            <Button href="/api/proxy_set/schema" target="_blank" rel="noopener noreferrer" type="link">
              {t('editor.schema')}
            </Button>
            <Button onClick={discard} disabled={!dirty || save.isPending}>
              {t('editor.discard')}
            </Button>
            <Button type="primary" onClick={onSave} loading={save.isPending} data-testid="proxy-save">
              {t('editor.save')}
            </Button>
          </Space>
        </Flex>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(event) => void onImport(event)}
          data-testid="proxy-import-file"
        />
      </Card>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
        autoComplete="off"
        requiredMark={false}
      >
        <Form.List name="configs">
          {(fields, { add, remove }) => (
            <Flex vertical gap="middle">
              {fields.length === 0 ? (
                <Card>
                  <Empty description={t('editor.empty')} data-testid="proxy-set-empty" />
                </Card>
              ) : null}
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  data-testid={`proxy-config-${index}`}
                  title={t('card.title', { n: index + 1 })}
                  extra={
                    <Space>
                      <Form.Item name={[field.name, 'enabled']} valuePropName="checked" noStyle>
                        <Switch checkedChildren={t('card.enabled')} unCheckedChildren={t('card.disabled')} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('card.remove')}
                        onClick={() =>
                          fields.length <= 1
                            ? void message.warning(t('validation.PROXY_SET_EMPTY'))
                            : (remove(field.name), setDirty(true))
                        }
                      />
                    </Space>
                  }
                >
                  <div style={FIELD_GRID}>
                    <Form.Item name={[field.name, 'type']} label={t('card.type')}>
                      <Radio.Group
                        optionType="button"
                        options={PROXY_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'ip']} label={t('card.ip')}>
                      <Input placeholder="203.0.113.10" data-testid={`proxy-ip-${index}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'tcp_port']} label={t('card.tcpPort')}>
                      <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'udp_port']} label={t('card.udpPort')}>
                      <InputNumber
                        min={1}
                        max={65535}
                        precision={0}
                        placeholder={t('card.udpNone')}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'username']} label={t('card.username')}>
                      <Input autoComplete="off" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'password']} label={t('card.password')}>
                      <Input.Password autoComplete="new-password" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'rule_mode']}
                      label={t('card.ruleMode')}
                      extra={t(`rules.${configs[index]?.rule_mode ?? 'blacklist'}`)}
                    >
                      <Radio.Group
                        options={PROXY_RULE_MODES.map((mode) => ({
                          value: mode,
                          label: t(`ruleMode.${mode}`),
                        }))}
                      />
                    </Form.Item>
                  </div>
                  <Form.Item
                    name={[field.name, 'domains']}
                    label={t('card.domains')}
                    extra={t('rules.pattern')}
                    style={{ marginBottom: 0 }}
                  >
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 8 }}
                      placeholder={'*.example.com\n*.google.com'}
                      data-testid={`proxy-domains-${index}`}
                    />
                  </Form.Item>
                </Card>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= PROXY_SET_MAX_CONFIGS}
                onClick={() => {
                  add({ ...NEW_CONFIG });
                  setDirty(true);
                }}
                data-testid="proxy-add"
              >
                {t('editor.add')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Flex>
  );
}
