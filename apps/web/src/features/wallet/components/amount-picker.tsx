import { Flex, InputNumber, Radio, theme } from 'antd';
import { TOPUP_PRESETS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../lib/money';
import { isBelowMinimum, type AmountChoice } from '../topup-amount';
import styles from './amount-picker.module.css';

export interface AmountPickerProps {
  choice: AmountChoice;
  custom: number | null;
  onChoiceChange: (choice: AmountChoice) => void;
  onCustomChange: (custom: number | null) => void;
}

/** The presets of spec §5 as cards plus a custom entry (dollars, 2 decimals), warned below the minimum. */
export function AmountPicker({ choice, custom, onChoiceChange, onCustomChange }: AmountPickerProps) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  const warn = choice === 'custom' && isBelowMinimum(custom);
  return (
    <Flex vertical gap="small">
      <Radio.Group
        value={choice}
        onChange={(event) => onChoiceChange(event.target.value as AmountChoice)}
        className={styles.grid}
        aria-label={t('dialog.amount')}
        data-testid="topup-amounts"
      >
        {TOPUP_PRESETS.map((amount) => (
          <Radio.Button key={amount} value={amount} data-testid={`topup-preset-${amount}`}>
            {formatDollars(amount).replace('.00', '')}
          </Radio.Button>
        ))}
        <Radio.Button value="custom" data-testid="topup-preset-custom">
          {t('dialog.custom')}
        </Radio.Button>
      </Radio.Group>
      {choice === 'custom' ? (
        <Flex vertical gap={4}>
          <InputNumber<number>
            value={custom}
            onChange={(value) => onCustomChange(value ?? null)}
            min={0}
            max={999_999_999}
            precision={2}
            prefix="$"
            size="large"
            autoFocus
            status={warn ? 'warning' : undefined}
            placeholder={t('dialog.customPlaceholder')}
            aria-label={t('dialog.customLabel')}
            style={{ width: '100%' }}
            data-testid="topup-custom"
          />
          {warn ? (
            <span role="alert" style={{ color: token.colorWarningText }} data-testid="topup-minimum">
              {t('dialog.minimum')}
            </span>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}
