import { Tag, type TagProps } from 'antd';
import type { PolicyClipboardMode, PolicyLocalDriveMode } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';

/** Off is neutral, one way a caution, both ways fully open. */
const MODE_COLORS: Record<PolicyClipboardMode | PolicyLocalDriveMode, TagProps['color']> = {
  off: 'default',
  read: 'processing',
  write: 'processing',
  readwrite: 'success',
};

export function ClipboardTag({ mode }: { mode: PolicyClipboardMode }) {
  const { t } = useTranslation('policies');
  return (
    <Tag color={MODE_COLORS[mode]} data-testid="policy-clipboard">
      {t(`clipboard.${mode}`)}
    </Tag>
  );
}

export function LocalDriveTag({ mode }: { mode: PolicyLocalDriveMode }) {
  const { t } = useTranslation('policies');
  return (
    <Tag color={MODE_COLORS[mode]} data-testid="policy-local-drive">
      {t(`localDrive.${mode}`)}
    </Tag>
  );
}

export function UsbTag({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation('policies');
  return (
    <Tag color={allowed ? 'success' : 'default'} data-testid="policy-usb">
      {allowed ? t('usb.on') : t('usb.off')}
    </Tag>
  );
}
