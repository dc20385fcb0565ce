import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import layout from '../buy-page.module.css';
import { BuySection } from './buy-section';

/** The disclaimer's points, in the order shown. */
const AGREEMENT_ITEMS = ['lawful', 'expiry', 'payg', 'refund', 'backup'] as const;

/** The disclaimer that must be agreed before purchase (spec §5). */
export function AgreementSection() {
  const { t } = useTranslation('desktopBuy');
  return (
    <BuySection title={t('section.agreement')} testId="buy-section-agreement">
      <ol className={layout.agreement} data-testid="buy-agreement-text">
        {AGREEMENT_ITEMS.map((item) => (
          <li key={item}>{t(`agreement.items.${item}`)}</li>
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
