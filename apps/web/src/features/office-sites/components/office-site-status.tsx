import { Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { OfficeSite } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import type { DictOption } from '../../../lib/dict-cache';
import { isFailed } from '../office-site-rules';

export interface OfficeSiteStatusProps {
  site: Pick<OfficeSite, 'status' | 'resource_status'>;
  /** The `office_site_status` dictionary (normal, releasing, released). */
  statuses: readonly DictOption[];
  /** The `resource_status` dictionary, for a network whose creation failed. */
  resourceStatuses: readonly DictOption[];
}

/**
 * A network's status tag. 'creating' precedes the dictionary's states (spec §4 lists normal,
 * releasing, released), so it is shown here as a spinning "processing" tag; a failed creation
 * shows what became of it (creation failed, refunded).
 */
export function OfficeSiteStatus({ site, statuses, resourceStatuses }: OfficeSiteStatusProps) {
  const { t } = useTranslation('officeSites');
  if (isFailed(site)) return <DictTag options={resourceStatuses} value={site.resource_status} />;
  if (site.status === 'creating') {
    return (
      <Tag color="processing" icon={<SyncOutlined spin />} style={{ marginInlineEnd: 0 }}>
        {t('status.creating')}
      </Tag>
    );
  }
  return <DictTag options={statuses} value={site.status} />;
}
