import { useState } from 'react';
import { App, Checkbox, Form, InputNumber, Select, Switch } from 'antd';
import type { CustomerDetail } from '@cloudbay/contracts';
import { SUB_ACCOUNT_MAX_LIMIT } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { useCustomerOptions, useSaveCustomerSettings } from '../api/customers';

interface Values {
  phWhiteUser: boolean;
  maxSubAccounts: number | null;
  useDefault: boolean;
  deptId?: number;
  ownerOperatorId: number | null;
}

/**
 * A customer's settings (PUT /business/customer/{userId}/settings): cloud phones, the sub-account
 * limit (its own or the default setting's), department and owner operator, offered from the
 * departments and operators the caller's data scope reaches.
 */
export function CustomerSettingsDialog({
  open,
  customer,
  onClose,
}: {
  open: boolean;
  customer: CustomerDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessCustomer');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useCustomerOptions(true);
  const save = useSaveCustomerSettings(customer.userId);
  const [useDefault, setUseDefault] = useState(!customer.maxSubAccountsCustom);
  const fallback = options.data?.maxSubAccountsDefault ?? customer.maxSubAccounts;

  const submit = (values: Values) =>
    save.mutate(
      {
        phWhiteUser: values.phWhiteUser ? 1 : 0,
        maxSubAccounts: values.useDefault ? null : (values.maxSubAccounts ?? 0),
        ...(values.deptId === undefined ? {} : { deptId: values.deptId }),
        ownerOperatorId: values.ownerOperatorId ?? null,
      },
      { onSuccess: () => (void message.success(t('saved')), onClose()) },
    );

  return (
    <SubmitDialog
      open={open}
      title={t('settingsTitle', { email: customer.email })}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitText={t('save')}
      loading={save.isPending}
      testId="customer-settings"
      submitTestId="customer-settings-save"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          phWhiteUser: customer.phWhiteUser === 1,
          maxSubAccounts: customer.maxSubAccounts,
          useDefault: !customer.maxSubAccountsCustom,
          deptId: customer.deptId ?? undefined,
          ownerOperatorId: customer.owner?.userId ?? null,
        }}
      >
        <Form.Item
          name="phWhiteUser"
          label={t('settingsForm.phWhiteUser')}
          valuePropName="checked"
          extra={t('settingsForm.phHint')}
        >
          <Switch data-testid="customer-settings-phone" />
        </Form.Item>
        <Form.Item label={t('settingsForm.maxSubAccounts')} required={!useDefault}>
          <Form.Item name="useDefault" valuePropName="checked" noStyle>
            <Checkbox onChange={(event) => setUseDefault(event.target.checked)}>
              {t('settingsForm.useDefault', { count: fallback })}
            </Checkbox>
          </Form.Item>
          <Form.Item
            name="maxSubAccounts"
            noStyle
            rules={useDefault ? [] : [{ required: true, message: t('settingsForm.maxSubAccounts') }]}
          >
            <InputNumber
              min={0}
              max={SUB_ACCOUNT_MAX_LIMIT}
              precision={0}
              disabled={useDefault}
              style={{ width: 160, marginTop: 8, display: 'block' }}
              data-testid="customer-settings-max"
            />
          </Form.Item>
        </Form.Item>
        <Form.Item name="deptId" label={t('settingsForm.dept')}>
          <Select
            loading={options.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(options.data?.depts ?? []).map((d) => ({ value: d.deptId, label: d.deptName }))}
            data-testid="customer-settings-dept"
          />
        </Form.Item>
        <Form.Item name="ownerOperatorId" label={t('settingsForm.owner')} extra={t('settingsForm.ownerHint')}>
          <Select
            loading={options.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: null as unknown as number, label: t('settingsForm.ownerNone') },
              ...(options.data?.operators ?? []).map((o) => ({
                value: o.userId,
                label: `${o.nickname} · ${o.email}`,
              })),
            ]}
            data-testid="customer-settings-owner"
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
