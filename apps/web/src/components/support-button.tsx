import { FloatButton, Popover } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../lib/use-is-mobile';

export interface SupportButtonProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The channels' panel, shown in the popover. */
  panel: ReactNode;
}

/**
 * The support widget's floating button with its popover (support-widget.tsx). A module of its own:
 * the button shows only once the channels have answered, so antd's FloatButton (with its group,
 * back-to-top and scroll code) stays out of every console page's first load.
 */
export function SupportButton({ open, onOpenChange, panel }: SupportButtonProps) {
  const { t } = useTranslation('support');
  const isMobile = useIsMobile();
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      // Phones: above the button, where the panel has the screen's width.
      placement={isMobile ? 'topRight' : 'leftBottom'}
      title={t('title')}
      content={panel}
    >
      <FloatButton
        type="primary"
        icon={<CustomerServiceOutlined />}
        aria-label={t('button')}
        tooltip={open || isMobile ? undefined : t('button')}
        // Below drawers and modals (z-index 1000), which must cover it; phones: closer to the
        // corner so it hides less of the page.
        style={{ zIndex: 900, ...(isMobile ? { insetInlineEnd: 16, insetBlockEnd: 24 } : {}) }}
        data-testid="support-button"
      />
    </Popover>
  );
}
