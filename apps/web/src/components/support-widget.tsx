import { useState } from 'react';
import { FloatButton, Popover, Spin } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import type { SupportChannel } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../lib/lazy-part';
import { useIsMobile } from '../lib/use-is-mobile';
import { SUPPORT_PANEL_WIDTH, useSupportChannels } from './support-channels';

// The panel (a row and an app icon per channel) and the QR dialog (antd's QRCode) load on demand:
// the button is on every page, they open rarely. The panel is prefetched when the page is idle.
const SupportPanel = lazyPart(() => import('./support-panel'), 'SupportPanel');
const SupportQrDialog = lazyPart(() => import('./support-qr-dialog'), 'SupportQrDialog');

/**
 * The floating support button (spec §2 Support widget): a panel of the channels operators set in
 * SUPPORT_CHANNELS. Nothing shows while none is set.
 */
export function SupportWidget() {
  const { t } = useTranslation('support');
  const isMobile = useIsMobile();
  const { data: channels = [] } = useSupportChannels();
  const [open, setOpen] = useState(false);
  const [qrChannel, setQrChannel] = useState<SupportChannel>();
  usePrefetchWhenIdle(SupportPanel);

  if (!channels.length) return null;

  const showQr = (channel: SupportChannel) => {
    setOpen(false);
    setQrChannel(channel);
  };

  const panel = (
    <SupportPanel
      channels={channels}
      onQr={showQr}
      fallback={<Spin size="small" style={{ display: 'block', width: SUPPORT_PANEL_WIDTH }} />}
    />
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          // The panel lists the QR channels: their dialog should be there when one is chosen.
          if (next) SupportQrDialog.prefetch();
          setOpen(next);
        }}
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
      <SupportQrDialog
        when={Boolean(qrChannel)}
        channel={qrChannel}
        onClose={() => setQrChannel(undefined)}
        fallback={<LoadingDialog open={Boolean(qrChannel)} onCancel={() => setQrChannel(undefined)} />}
      />
    </>
  );
}
