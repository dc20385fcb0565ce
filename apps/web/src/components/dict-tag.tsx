import { Space, Tag, type TagProps } from 'antd';
import { MULTI_VALUE_SEPARATOR } from '@cloudbay/contracts/core';
import { splitValues, type DictOption } from '../lib/dict-cache';

/** listClass → antd Tag colour; 'default' and '' (and anything unknown) are shown as plain text. */
const TAG_COLORS: Record<string, TagProps['color']> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

export interface DictTagProps {
  /** The dictionary's entries (from `useDict`). */
  options: readonly DictOption[];
  /** One value, several separated by commas, or an array. */
  value: string | number | readonly (string | number)[] | null | undefined;
  /** Separator of a multi-value string (default ','). */
  separator?: string;
}

function DictValue({ option, value }: { option: DictOption | undefined; value: string }) {
  if (!option) return <span>{value}</span>;
  const color = TAG_COLORS[option.elTagType];
  const className = option.elTagClass || undefined;
  if (!color) return <span className={className}>{option.label}</span>;
  return (
    <Tag color={color} className={className} style={{ marginInlineEnd: 0 }}>
      {option.label}
    </Tag>
  );
}

/** A dictionary value shown as its label, coloured as the entry's listClass says (RuoYi's dict-tag). */
export function DictTag({ options, value, separator = MULTI_VALUE_SEPARATOR }: DictTagProps) {
  const values = splitValues(value, separator);
  if (values.length === 0) return null;
  return (
    <Space size={4} wrap data-testid="dict-tag">
      {values.map((item, index) => (
        <DictValue
          key={`${item}-${index}`}
          value={item}
          option={options.find((option) => option.value === item)}
        />
      ))}
    </Space>
  );
}
