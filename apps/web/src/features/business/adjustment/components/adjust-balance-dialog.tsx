import { useState } from 'react';
import { Alert, Descriptions, Form, Input, Radio, Select, Typography, type FormInstance } from 'antd';
import type { AdjustmentCustomer, AdjustmentDirection } from '@cloudbay/contracts';
import { ADJUSTMENT_DIRECTIONS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../../lib/money';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { FormDialog } from '../../../system/shared/form-dialog';
import { useAdjustableCustomers, useRequestAdjustment, type AdjustmentRequest } from '../api/adjustment-api';

interface Values {
  userId?: number;
  direction: AdjustmentDirection;
  amount?: string;
  reason?: string;
  reference?: string;
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The balance after the adjustment, or null while the amount is not a valid one. */
function balanceAfter(balance: string, direction: AdjustmentDirection, amount: string | undefined) {
  if (!amount || !AMOUNT.test(amount.trim())) return null;
  const moved = cents(amount.trim()) * (direction === 'credit' ? 1 : -1);
  return (cents(balance) + moved) / 100;
}

export interface AdjustBalanceDialogProps {
  open: boolean;
  onClose: () => void;
  /** A fixed customer (the customers page); absent, the operator picks one by e-mail. */
  customer?: { userId: number; email: string };
}

/**
 * Credits or debits a customer (POST /business/customer/{userId}/adjustment, one Idempotency-Key
 * per intent): shows the balance now and after, and says whether it posts at once or waits for a
 * second operator's approval (above the `ADJUSTMENT_APPROVAL_ABOVE` setting).
 */
export function AdjustBalanceDialog({ open, onClose, customer }: AdjustBalanceDialogProps) {
  const { t } = useTranslation('businessAdjustment');
  const save = useRequestAdjustment();
  return (
    <FormDialog<Values, AdjustmentRequest>
      open={open}
      initialValues={{ direction: 'credit', userId: customer?.userId }}
      toBody={(values) => ({
        userId: values.userId!,
        direction: values.direction,
        amount: values.amount!.trim(),
        reason: values.reason!.trim(),
        ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}),
      })}
      save={save}
      onClose={onClose}
      titles={{
        create: customer ? t('dialog.titleFor', { email: customer.email }) : t('dialog.title'),
        edit: '',
      }}
      testId="adjustment-dialog"
      width={560}
    >
      {(form) => <AdjustmentFields form={form} fixed={customer} open={open} />}
    </FormDialog>
  );
}

function AdjustmentFields({
  form,
  fixed,
  open,
}: {
  form: FormInstance<Values>;
  fixed?: { userId: number; email: string };
  open: boolean;
}) {
  const { t } = useTranslation('businessAdjustment');
  const [search, setSearch] = useState('');
  const email = useDebouncedValue(search.trim().toLowerCase());
  const lookup = useAdjustableCustomers(fixed ? { userId: fixed.userId } : { email }, open);
  const [picked, setPicked] = useState<AdjustmentCustomer>();
  const userId = Form.useWatch('userId', form);
  const direction = Form.useWatch('direction', form) ?? 'credit';
  const amount = Form.useWatch('amount', form);
  const customer = fixed ? lookup.data?.list[0] : picked?.userId === userId ? picked : undefined;
  const limit = lookup.data?.approvalAbove;
  const after = customer ? balanceAfter(customer.balance, direction, amount) : null;
  const validAmount = amount !== undefined && AMOUNT.test(amount.trim()) && Number(amount) > 0;

  return (
    <>
      {fixed ? (
        <Form.Item name="userId" hidden>
          <Input />
        </Form.Item>
      ) : (
        <Form.Item
          name="userId"
          label={t('customer')}
          rules={[{ required: true, message: t('dialog.required') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('dialog.customerSearch')}
            loading={lookup.isFetching}
            notFoundContent={email ? t('dialog.noCustomer') : null}
            options={(lookup.data?.list ?? []).map((row) => ({ value: row.userId, label: row.email }))}
            onChange={(value: number) => setPicked(lookup.data?.list.find((row) => row.userId === value))}
            data-testid="adjustment-customer"
          />
        </Form.Item>
      )}
      {customer ? (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'balance',
              label: t('dialog.balance'),
              children: <span data-testid="adjustment-balance">{formatDollars(customer.balance)}</span>,
            },
            {
              key: 'after',
              label: t('dialog.after'),
              children: (
                <Typography.Text
                  type={after !== null && after < 0 ? 'danger' : undefined}
                  data-testid="adjustment-after"
                >
                  {after === null ? '—' : formatDollars(after)}
                </Typography.Text>
              ),
            },
          ]}
        />
      ) : null}
      <Form.Item name="direction" label={t('direction')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={ADJUSTMENT_DIRECTIONS.map((value) => ({ value, label: t(`directions.${value}`) }))}
          data-testid="adjustment-direction"
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('amount')}
        rules={[
          { required: true, message: t('dialog.required') },
          {
            validator: (_, value: string | undefined) =>
              !value || (AMOUNT.test(value.trim()) && Number(value) > 0)
                ? Promise.resolve()
                : Promise.reject(new Error(t('dialog.amountInvalid'))),
          },
        ]}
      >
        <Input
          prefix="$"
          inputMode="decimal"
          placeholder={t('dialog.amountPlaceholder')}
          data-testid="adjustment-amount"
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={[{ required: true, whitespace: true, message: t('dialog.required') }]}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          placeholder={t('dialog.reasonPlaceholder')}
          data-testid="adjustment-reason"
        />
      </Form.Item>
      <Form.Item name="reference" label={t('reference')}>
        <Input
          maxLength={100}
          placeholder={t('dialog.referencePlaceholder')}
          data-testid="adjustment-reference"
        />
      </Form.Item>
      {after !== null && after < 0 ? (
        <Alert type="error" showIcon title={t('dialog.negative')} data-testid="adjustment-negative" />
      ) : limit && validAmount ? (
        <Alert
          type={cents(amount!) > cents(limit) ? 'warning' : 'info'}
          showIcon
          data-testid="adjustment-approval-note"
          title={
            cents(amount!) > cents(limit)
              ? t('dialog.needsApproval', { limit: formatDollars(limit) })
              : t('dialog.postsNow', { limit: formatDollars(limit) })
          }
        />
      ) : null}
    </>
  );
}
