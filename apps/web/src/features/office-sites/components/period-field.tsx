import { Flex, Radio, Skeleton, theme } from 'antd';
import type { PeriodDiscount } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { hasDiscount, offRateFigure } from '../../../lib/off-rate';

export interface PeriodFieldProps {
  periods: readonly PeriodDiscount[];
  loading: boolean;
  /** Months; set by antd's Form.Item. */
  value?: number;
  onChange?: (months: number) => void;
  testId: string;
}

/** The off-rate of a discounted period ('9折' / '10% off'), small beside its months. */
function OffRate({ discount }: { discount: number }) {
  const { t, i18n } = useTranslation('officeSites');
  const { token } = theme.useToken();
  if (!hasDiscount(discount)) return null;
  return (
    <span style={{ color: token.colorError, fontSize: token.fontSizeSM, marginInlineStart: 4 }}>
      {t('period.offRate', { value: offRateFigure(discount, i18n.language) })}
    </span>
  );
}

/** The subscription's months, each with its discount as an off-rate (spec §9). */
export function PeriodField({ periods, loading, value, onChange, testId }: PeriodFieldProps) {
  const { t } = useTranslation('officeSites');
  if (loading) return <Skeleton.Input active size="small" style={{ width: 280 }} />;
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange?.(event.target.value as number)}
      optionType="button"
      data-testid={testId}
    >
      <Flex gap={8} wrap>
        {periods.map((period) => (
          <Radio.Button key={period.id} value={period.period}>
            {/* On the label's text: antd gives a Radio.Button's own props to its hidden input. */}
            <span data-testid={`${testId}-${period.period}`}>
              {t('period.months', { count: period.period })}
              <OffRate discount={period.discount} />
            </span>
          </Radio.Button>
        ))}
      </Flex>
    </Radio.Group>
  );
}
