import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import layout from './purchase-layout.module.css';
import { BuySection } from './buy-section';

/** The disclaimer that must be agreed before purchase (spec §5): the product's points, translated. */
export function AgreementSection({ items }: { items: readonly string[] }) {
  const { t } = useTranslation('purchase');
  return (
    <BuySection title={t('section.agreement')} testId="buy-section-agreement">
      <ol className={layout.agreement} data-testid="buy-agreement-text">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[
          {
            validator: (_, agreed: boolean) =>
              agreed ? Promise.resolve() : Promise.reject(new Error(t('agreement.required'))),
          },
        ]}
      >
        <Checkbox data-testid="buy-agreed">{t('agreement.checkbox')}</Checkbox>
      </Form.Item>
    </BuySection>
  );
}
