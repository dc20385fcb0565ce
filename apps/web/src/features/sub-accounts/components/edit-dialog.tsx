import { App, Alert, Checkbox, Flex, Form, Input, InputNumber, Modal, Typography } from 'antd';
import type { SubAccountBatchEditBody, SubAccountItem, SubAccountPermission } from '@cloudbay/contracts';
import { SUB_ACCOUNT_REMARK_MAX, SUB_ACCOUNT_SPEND_CAP_MAX_DOLLARS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { formatDollars } from '../../../lib/money';
import { showServerFieldErrors } from '../../account/form-rules';
import { useBatchEditSubAccounts } from '../api/sub-accounts';
import { DEFAULT_PERMISSIONS } from '../../../lib/sub-account-permissions';
import { PermissionChecks } from './permission-checks';

interface Values {
  editRemark: boolean;
  remark?: string;
  editCap: boolean;
  spend_cap?: string | null;
  editPermissions: boolean;
  permissions: SubAccountPermission[];
}

/** What the form sends: only the parts ticked, so a batch leaves every other field as it is. */
export function editBody(accountIds: number[], values: Values): SubAccountBatchEditBody {
  return {
    account_ids: accountIds,
    ...(values.editRemark ? { remark: (values.remark ?? '').trim() } : {}),
    ...(values.editCap ? { spend_cap: Number(values.spend_cap ?? 0).toFixed(2) } : {}),
    ...(values.editPermissions ? { permissions: values.permissions } : {}),
  };
}

/** A section of the form that changes only when ticked. */
function Section({
  name,
  label,
  children,
}: {
  name: keyof Values;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid={`sub-account-edit-${name}`}>{label}</Checkbox>
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(prev, next) => prev[name] !== next[name]}>
        {({ getFieldValue }) => (getFieldValue(name) ? children : null)}
      </Form.Item>
    </>
  );
}

/**
 * Edit one sub-account or a selection (PUT batch_edit): remark, the monthly spend cap for renewals
 * (with what it spent this month), and the permissions of every binding. One account opens with its
 * remark and cap ticked and filled in; a selection changes only what is ticked.
 */
export function SubAccountEditDialog({
  accounts,
  onClose,
}: {
  accounts: SubAccountItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const edit = useBatchEditSubAccounts();
  const single = accounts.length === 1 ? accounts[0] : undefined;
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = editBody(
      accounts.map((account) => account.account_id),
      values,
    );
    try {
      await edit.mutateAsync(body);
    } catch (error) {
      showServerFieldErrors(form, error);
      return;
    }
    void message.success(t('edit.done', { count: accounts.length }));
    onClose();
  };
  return (
    <Modal
      open
      title={
        single
          ? t('edit.titleOne', { name: single.nickname })
          : t('edit.titleMany', { count: accounts.length })
      }
      onCancel={onClose}
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('action.save')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          loading={edit.isPending}
          submitTestId="sub-account-edit-submit"
        />
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          editRemark: Boolean(single),
          remark: single?.remark ?? '',
          editCap: Boolean(single),
          spend_cap: single?.spend_cap ?? '0.00',
          editPermissions: false,
          permissions: [...DEFAULT_PERMISSIONS],
        }}
        data-testid="sub-account-edit-form"
      >
        <Section name="editRemark" label={t('edit.remark')}>
          <Form.Item name="remark">
            <Input.TextArea
              maxLength={SUB_ACCOUNT_REMARK_MAX}
              showCount
              rows={2}
              data-testid="sub-account-edit-remark"
            />
          </Form.Item>
        </Section>
        <Section name="editCap" label={t('edit.spendCap')}>
          <Form.Item
            name="spend_cap"
            extra={
              <Flex vertical>
                <span>{t('edit.spendCapHint')}</span>
                {single ? (
                  <span data-testid="sub-account-edit-spent">
                    {t('edit.spentThisMonth', { spent: formatDollars(single.spent_this_month) })}
                  </span>
                ) : null}
              </Flex>
            }
            rules={[{ required: true, message: t('edit.spendCapRequired') }]}
          >
            <InputNumber<string>
              stringMode
              min="0"
              max={String(SUB_ACCOUNT_SPEND_CAP_MAX_DOLLARS)}
              step="10"
              precision={2}
              prefix="$"
              style={{ width: 200 }}
              data-testid="sub-account-edit-cap"
            />
          </Form.Item>
        </Section>
        <Section name="editPermissions" label={t('edit.permissions')}>
          <Alert type="info" showIcon title={t('edit.permissionsHint')} style={{ marginBottom: 12 }} />
          <Form.Item name="permissions">
            <PermissionChecks testId="sub-account-edit-permission" />
          </Form.Item>
        </Section>
        {single ? null : <Typography.Text type="secondary">{t('edit.manyHint')}</Typography.Text>}
      </Form>
    </Modal>
  );
}
