import type { ReactNode } from 'react';
import { Flex, Skeleton, theme } from 'antd';
import { formatDollars, isPositive } from '../lib/money';

export interface PriceLine {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * A quote before paying: its lines (original price, discount, balance…) and the amount due in the
 * primary colour; a skeleton while the price loads, so nothing can be paid before it is shown.
 */
export function PriceSummary({
  lines,
  dueLabel,
  due,
  loading,
  testId,
}: {
  lines: PriceLine[];
  dueLabel: ReactNode;
  due: string | undefined;
  loading: boolean;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={6}
      style={{ padding: 16, background: token.colorFillQuaternary, borderRadius: token.borderRadiusLG }}
      data-testid={testId}
    >
      {lines.map((line) => (
        <Flex key={line.key} justify="space-between" gap="middle">
          <span style={{ color: token.colorTextSecondary }}>{line.label}</span>
          <span style={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>{line.value}</span>
        </Flex>
      ))}
      <Flex justify="space-between" align="baseline" gap="middle">
        <span style={{ fontWeight: token.fontWeightStrong }}>{dueLabel}</span>
        {loading || due === undefined ? (
          <Skeleton.Input active size="small" style={{ width: 96 }} />
        ) : (
          <span
            style={{
              color: isPositive(due) ? token.colorPrimary : token.colorText,
              fontSize: token.fontSizeHeading4,
              fontWeight: token.fontWeightStrong,
              fontVariantNumeric: 'tabular-nums',
            }}
            data-testid={`${testId}-due`}
          >
            {formatDollars(due)}
          </span>
        )}
      </Flex>
    </Flex>
  );
}
