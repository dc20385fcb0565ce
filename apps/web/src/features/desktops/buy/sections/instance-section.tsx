import { useTranslation } from 'react-i18next';
import { BuySection } from '../../../../components/purchase/buy-section';
import { QuantityAndNameFields } from '../../../../components/purchase/instance-fields';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../buy-form';

/** How many computers, and their name (numbered by the server when there are several). */
export function InstanceSection({ name, quantity }: { name: string; quantity: number | null | undefined }) {
  const { t } = useTranslation('desktopBuy');
  return (
    <BuySection title={t('section.instance')} testId="buy-section-instance">
      <QuantityAndNameFields
        name={name}
        quantity={quantity}
        fallbackName="desktop"
        numberedHint={(example) => t('name.hint', { example })}
        min={NAME_MIN_LENGTH}
        max={NAME_MAX_LENGTH}
        requiredMessage={t('name.required')}
        placeholder={t('name.placeholder')}
        testId="buy"
      />
    </BuySection>
  );
}
