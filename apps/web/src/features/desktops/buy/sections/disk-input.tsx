import { useState } from 'react';
import { Flex, InputNumber, Slider } from 'antd';
import { SYSTEM_DISK_MAX_GIB, SYSTEM_DISK_STEP_GIB } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { fitSystemDisk } from '../buy-form';

export interface DiskInputProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number) => void;
  /** The smallest size the chosen image allows. */
  min: number;
}

/**
 * The system disk: a slider and a number box on the same value. Typing is kept as a draft and
 * committed on blur or Enter, fitted to the 10 GiB steps and the image's minimum, so the form (and
 * the price) never sees a half-typed "1" on the way to "120".
 */
export function DiskInput({ id, value, onChange, min }: DiskInputProps) {
  const { t } = useTranslation('desktopBuy');
  const [draft, setDraft] = useState<number | null>();
  const commit = () => {
    if (draft !== undefined && draft !== null) onChange?.(fitSystemDisk(draft, min));
    setDraft(undefined);
  };
  const current = value ?? min;
  return (
    <Flex gap="middle" align="center" wrap>
      <Slider
        min={min}
        max={SYSTEM_DISK_MAX_GIB}
        step={SYSTEM_DISK_STEP_GIB}
        value={current}
        onChange={(next: number) => onChange?.(next)}
        marks={{ [min]: `${min}`, [SYSTEM_DISK_MAX_GIB]: `${SYSTEM_DISK_MAX_GIB}` }}
        tooltip={{ formatter: (size) => `${size} GiB` }}
        style={{ flex: '1 1 200px', minWidth: 160, margin: '6px 8px 22px' }}
        aria-label={t('disk.label')}
        data-testid="buy-disk-slider"
      />
      <InputNumber<number>
        id={id}
        value={draft === undefined ? current : draft}
        onChange={(next) => setDraft(next)}
        onBlur={commit}
        onPressEnter={commit}
        min={min}
        max={SYSTEM_DISK_MAX_GIB}
        step={SYSTEM_DISK_STEP_GIB}
        precision={0}
        suffix="GiB"
        style={{ width: 128 }}
        aria-label={t('disk.label')}
        data-testid="buy-disk"
      />
    </Flex>
  );
}
