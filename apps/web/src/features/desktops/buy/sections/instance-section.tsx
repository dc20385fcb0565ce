import { Form, Input, InputNumber } from 'antd';
import { MAX_PURCHASE_QUANTITY } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { isQuantity, NAME_MAX_LENGTH, NAME_MIN_LENGTH, numberedExample } from '../buy-form';
import { BuySection } from '../../../../components/purchase/buy-section';
import { trimmedLength } from '../../../../lib/form-rules';

/** How many computers, and their name (numbered by the server when there are several). */
export function InstanceSection({ name, quantity }: { name: string; quantity: number | null | undefined }) {
  const { t } = useTranslation('desktopBuy');
  return (
    <BuySection title={t('section.instance')} testId="buy-section-instance">
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
          data-testid="buy-quantity"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name.label')}
        extra={(quantity ?? 1) > 1 ? t('name.hint', { example: numberedExample(name) }) : undefined}
        rules={[
          { required: true, whitespace: true, message: t('name.required') },
          trimmedLength(NAME_MIN_LENGTH, NAME_MAX_LENGTH, t('name.length')),
        ]}
      >
        <Input
          maxLength={NAME_MAX_LENGTH}
          showCount
          placeholder={t('name.placeholder')}
          style={{ maxWidth: 360 }}
          aria-label={t('name.label')}
          data-testid="buy-name"
        />
      </Form.Item>
    </BuySection>
  );
}
