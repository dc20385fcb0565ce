import { Descriptions } from 'antd';
import type { Eip } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';

/** The address(es) a dialog acts on, as a small description list. */
export function EipTargets({ eips }: { eips: readonly Eip[] }) {
  const { t } = useTranslation('phoneEip');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={eips.map((eip) => ({
        key: eip.eip_id,
        label: eip.name,
        children: `${eip.address ?? eip.eip_id} · ${eip.bandwidth} Mbps${
          eip.bound_instance_name ? ` · ${t('list.boundTo', { name: eip.bound_instance_name })}` : ''
        }`,
      }))}
      data-testid="eip-targets"
    />
  );
}

export interface EipDialogProps {
  eip: Eip;
  onClose: () => void;
}
