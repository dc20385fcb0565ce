import { App, Button, Form, Input, Select } from 'antd';
import type { FreeResourceApplyBody, TrialContactType } from '@cloudbay/contracts';
import { TRIAL_CONTACT_MAX, TRIAL_CONTACT_TYPES, TRIAL_REMARK_MAX } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { regionName, useAreaList } from '../../lib/regions';
import { useApplyForTrial } from './gift-api';

interface Values {
  region_id?: number;
  contact_type: TrialContactType;
  contact: string;
  remark?: string;
}

const CONTACT_LABELS: Record<TrialContactType, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  wechat: 'WeChat',
  qq: 'QQ',
  skype: 'Skype',
};

/**
 * The trial application (spec §5: a region and a messaging contact are required). A refusal (one
 * per account, a region off sale) is shown translated by the request client; the values stay.
 */
export function TrialApplyForm() {
  const { t, i18n } = useTranslation('giftPage');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const regions = useAreaList();
  const apply = useApplyForTrial();
  const wechat = i18n.language === 'zh-CN' ? '微信' : CONTACT_LABELS.wechat;

  const submit = (values: Values) => {
    const body: FreeResourceApplyBody = {
      region_id: values.region_id!,
      contact_type: values.contact_type,
      contact: values.contact.trim(),
      ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
    };
    apply.mutate(body, { onSuccess: () => void message.success(t('form.done')) });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ contact_type: 'telegram' }}
      onFinish={submit}
      data-testid="gift-form"
    >
      <Form.Item
        name="region_id"
        label={t('form.region')}
        rules={[{ required: true, message: t('form.regionRequired') }]}
      >
        <Select<number>
          placeholder={t('form.regionPlaceholder')}
          options={regions.map((region) => ({ value: region.id, label: regionName(region) }))}
          data-testid="gift-region"
        />
      </Form.Item>
      <Form.Item label={t('form.contact')} required style={{ marginBottom: 0 }}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="contact_type"
            style={{ width: 140, flex: 'none' }}
            aria-label={t('form.contactType')}
          >
            <Select<TrialContactType>
              aria-label={t('form.contactType')}
              data-testid="gift-contact-type"
              options={TRIAL_CONTACT_TYPES.map((value) => ({
                value,
                label: value === 'wechat' ? wechat : CONTACT_LABELS[value],
              }))}
            />
          </Form.Item>
          <Form.Item
            name="contact"
            style={{ flex: 1, minWidth: 0 }}
            rules={[{ required: true, whitespace: true, message: t('form.contactRequired') }]}
          >
            <Input
              aria-label={t('form.contact')}
              placeholder={t('form.contactPlaceholder')}
              maxLength={TRIAL_CONTACT_MAX}
              data-testid="gift-contact"
            />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="remark" label={t('form.remark')}>
        <Input.TextArea
          rows={3}
          maxLength={TRIAL_REMARK_MAX}
          showCount
          placeholder={t('form.remarkPlaceholder')}
          data-testid="gift-remark"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="gift-submit">
        {t('form.submit')}
      </Button>
    </Form>
  );
}
