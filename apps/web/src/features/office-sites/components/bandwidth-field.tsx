import { Flex, InputNumber, Slider } from 'antd';

export interface BandwidthFieldProps {
  /** The slider's ends, Mbps. */
  min: number;
  max: number;
  /** Set by antd's Form.Item. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  testId: string;
}

/**
 * Bandwidth in Mbps as a slider and a number box that follow each other. The box accepts any
 * number so the form's rules can say what is wrong with it rather than silently correcting it.
 */
export function BandwidthField({ min, max, value, onChange, testId }: BandwidthFieldProps) {
  const sliderValue = typeof value === 'number' ? Math.min(Math.max(value, min), max) : min;
  return (
    <Flex align="center" gap="middle" wrap data-testid={testId}>
      <Slider
        min={min}
        max={max}
        value={sliderValue}
        onChange={(next: number) => onChange?.(next)}
        marks={{ [min]: `${min}`, [max]: `${max}` }}
        tooltip={{ formatter: (next) => `${next} Mbps` }}
        style={{ flex: '1 1 200px', minWidth: 160, marginInline: 8 }}
        data-testid={`${testId}-slider`}
      />
      <InputNumber<number>
        value={value ?? null}
        onChange={(next) => onChange?.(next)}
        precision={0}
        step={1}
        suffix="Mbps"
        style={{ width: 140 }}
        data-testid={`${testId}-input`}
      />
    </Flex>
  );
}
