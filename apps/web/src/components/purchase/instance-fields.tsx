import { Form, Input, InputNumber } from 'antd';
import { MAX_PURCHASE_QUANTITY } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { trimmedLength } from '../../lib/form-rules';

/** 1 to MAX_PURCHASE_QUANTITY resources in one purchase. */
export function isQuantity(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PURCHASE_QUANTITY;
}

/** How several resources are named (the server numbers them name-1, name-2…), for the hint. */
export function numberedExample(name: string, fallback: string): string {
  const base = name.trim() || fallback;
  return `${base}-1, ${base}-2`;
}

/** How many to buy (field `quantity`). */
export function QuantityField({ testId }: { testId: string }) {
  const { t } = useTranslation('purchase');
  return (
    <Form.Item
      name="quantity"
      label={t('quantity.label')}
      extra={t('quantity.hint', { max: MAX_PURCHASE_QUANTITY })}
      rules={[
        {
          validator: (_, value: number | null | undefined) =>
            isQuantity(value)
              ? Promise.resolve()
              : Promise.reject(new Error(t('quantity.invalid', { max: MAX_PURCHASE_QUANTITY }))),
        },
      ]}
    >
      <InputNumber<number>
        min={1}
        max={MAX_PURCHASE_QUANTITY}
        precision={0}
        mode="spinner"
        style={{ width: 160 }}
        aria-label={t('quantity.label')}
        data-testid={testId}
      />
    </Form.Item>
  );
}

export interface NameFieldProps {
  min: number;
  max: number;
  /** Shown under the field (e.g. how several are numbered). */
  hint?: string;
  /** The product's words: "请输入云电脑名称". */
  requiredMessage: string;
  placeholder: string;
  testId: string;
}

/** The name (field `name`), measured as the server stores it (trimmed). */
export function NameField({ min, max, hint, requiredMessage, placeholder, testId }: NameFieldProps) {
  const { t } = useTranslation('purchase');
  return (
    <Form.Item
      name="name"
      label={t('name.label')}
      extra={hint}
      rules={[
        { required: true, whitespace: true, message: requiredMessage },
        trimmedLength(min, max, t('name.length', { min, max })),
      ]}
    >
      <Input
        maxLength={max}
        showCount
        placeholder={placeholder}
        style={{ maxWidth: 360 }}
        aria-label={t('name.label')}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * How many to buy and their name (`<testId>-quantity`, `<testId>-name`): once there are several,
 * the hint says how the server numbers them.
 */
export function QuantityAndNameFields({
  name,
  quantity,
  fallbackName,
  numberedHint,
  testId,
  ...field
}: Omit<NameFieldProps, 'hint' | 'testId'> & {
  name: string;
  quantity: number | null | undefined;
  /** What the example numbers when no name is typed yet ("desktop"). */
  fallbackName: string;
  /** The product's hint around an example ("name-1, name-2"). */
  numberedHint: (example: string) => string;
  testId: string;
}) {
  return (
    <>
      <QuantityField testId={`${testId}-quantity`} />
      <NameField
        {...field}
        hint={(quantity ?? 1) > 1 ? numberedHint(numberedExample(name, fallbackName)) : undefined}
        testId={`${testId}-name`}
      />
    </>
  );
}
