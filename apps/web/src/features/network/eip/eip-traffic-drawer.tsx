import { useState } from 'react';
import type { FlowInterval } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { FlowDrawer } from '../../office-sites/components/traffic-drawer';
import { useEipMonitor } from './api';
import type { EipDialogProps } from './eip-targets';

/** An address's traffic in and out (GET /user/ph/eip/{eip_id}/monitor), charted. */
export function EipTrafficDrawer({ eip, open, onClose }: EipDialogProps & { open: boolean }) {
  const { t } = useTranslation('phoneEip');
  const [step, setStep] = useState<FlowInterval>('1m');
  const flow = useEipMonitor(open ? eip.eip_id : undefined, step);
  return (
    <FlowDrawer
      title={t('traffic.title', { name: eip.address ?? eip.name })}
      billingNote={t('traffic.billing')}
      step={step}
      onStep={setStep}
      flow={flow}
      open={open}
      onClose={onClose}
      testIdPrefix="eip-traffic"
    />
  );
}
