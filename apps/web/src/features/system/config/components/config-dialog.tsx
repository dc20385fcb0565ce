import { Form, Input, Switch } from 'antd';
import type { SysConfig, SysConfigBody } from '@cloudbay/contracts';
import { CONFIG_KEY } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/form-dialog';
import type { useConfigMutations } from '../api/config-api';

type Values = Required<SysConfigBody>;

export interface ConfigDialogProps {
  open: boolean;
  config?: SysConfig;
  save: ReturnType<typeof useConfigMutations>['save'];
  onClose: () => void;
}

/** Adds or edits a setting; a built-in one keeps its key (the code looks it up by that key). */
export function ConfigDialog({ open, config, save, onClose }: ConfigDialogProps) {
  const { t } = useTranslation('systemConfig');
  return (
    <FormDialog<Values, SysConfigBody>
      open={open}
      recordId={config?.configId}
      initialValues={config ?? { isPublic: false, remark: '', configValue: '' }}
      toBody={(values) => ({
        configName: values.configName,
        configKey: values.configKey.trim(),
        configValue: values.configValue ?? '',
        isPublic: values.isPublic ?? false,
        remark: values.remark ?? '',
      })}
      save={save}
      onClose={onClose}
      titles={{ create: t('createTitle'), edit: t('editTitle') }}
      testId="config-dialog"
    >
      {() => (
        <>
          <Form.Item
            name="configName"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
          >
            <Input maxLength={100} data-testid="config-name" />
          </Form.Item>
          <Form.Item
            name="configKey"
            label={t('key')}
            extra={config?.configType === 'Y' ? t('keyFixed') : t('keyHint')}
            rules={[
              { required: true, message: t('keyRequired') },
              { pattern: CONFIG_KEY, message: t('keyHint') },
            ]}
          >
            <Input maxLength={100} disabled={config?.configType === 'Y'} data-testid="config-key" />
          </Form.Item>
          <Form.Item name="configValue" label={t('value')}>
            <Input.TextArea
              maxLength={5000}
              autoSize={{ minRows: 2, maxRows: 8 }}
              data-testid="config-value"
            />
          </Form.Item>
          <Form.Item name="isPublic" label={t('public')} extra={t('publicHint')} valuePropName="checked">
            <Switch data-testid="config-public" />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
