import { useState } from 'react';
import { Spin } from 'antd';
import type { SupportChannel } from '@cloudbay/contracts';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../lib/lazy-part';
import { SUPPORT_PANEL_WIDTH, useSupportChannels } from './support-channels';

// The panel (a row and an app icon per channel) and the QR dialog (antd's QRCode) load on demand:
// the button is on every page, they open rarely. The panel is prefetched when the page is idle.
const SupportPanel = lazyPart(() => import('./support-panel'), 'SupportPanel');
const SupportQrDialog = lazyPart(() => import('./support-qr-dialog'), 'SupportQrDialog');
// The button itself: it shows only once the channels have answered, and its code (antd's
// FloatButton) is no part of the page's first load.
const SupportButton = lazyPart(() => import('./support-button'), 'SupportButton');

/**
 * The floating support button (spec §2 Support widget): a panel of the channels operators set in
 * SUPPORT_CHANNELS. Nothing shows while none is set.
 */
export function SupportWidget() {
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
      <SupportButton
        open={open}
        onOpenChange={(next) => {
          // The panel lists the QR channels: their dialog should be there when one is chosen.
          if (next) SupportQrDialog.prefetch();
          setOpen(next);
        }}
        panel={panel}
      />
      <SupportQrDialog
        when={Boolean(qrChannel)}
        channel={qrChannel}
        onClose={() => setQrChannel(undefined)}
        fallback={<LoadingDialog open={Boolean(qrChannel)} onCancel={() => setQrChannel(undefined)} />}
      />
    </>
  );
}
