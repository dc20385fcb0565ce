import { useState } from 'react';
import { Tag, Typography } from 'antd';
import type { BusinessResource } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../components/dict-tag';
import { useDict } from '../../../../lib/dict-cache';
import { formatDateTime } from '../../../../lib/format-time';

/** The kinds whose run status has a dictionary of its own (labels and colours an operator edits). */
const STATUS_DICTS: Partial<Record<string, 'desktop_status' | 'office_site_status' | 'eip_status'>> = {
  desktop: 'desktop_status',
  office_site: 'office_site_status',
  eip: 'eip_status',
};

const COLORS: Record<string, string> = {
  running: 'success',
  normal: 'success',
  available: 'success',
  allocated: 'success',
  stopped: 'default',
  shutdown: 'default',
  unallocated: 'default',
  expired: 'warning',
  failed: 'error',
  deleted: 'error',
  released: 'error',
};

/** A resource's run status: its kind's dictionary tag, else our own label (phones, proxies…). */
export function ResourceStatusTag({ kind, status }: Pick<BusinessResource, 'kind' | 'status'>) {
  const { t } = useTranslation('businessResource');
  const dictType = STATUS_DICTS[kind];
  const dicts = useDict('desktop_status', 'office_site_status', 'eip_status');
  const options = dictType ? dicts[dictType] : [];
  if (options.some((option) => option.value === status)) return <DictTag options={options} value={status} />;
  const label = t(`status.${status}` as 'status.running', { defaultValue: status });
  return (
    <Tag color={COLORS[status] ?? 'processing'} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

const DAY_MS = 86_400_000;
/** Subscriptions ending this soon are flagged. */
export const EXPIRY_WARNING_DAYS = 7;

/** The expiry, red once past, orange within a week (what an operator acts on first). */
export function ExpiryCell({ resource }: { resource: BusinessResource }) {
  const { t } = useTranslation('businessResource');
  // The time the cell was first shown: the flags follow the list's reads, not every render.
  const [now] = useState(() => Date.now());
  if (!resource.expires_at) return <Typography.Text type="secondary">{t('expiry.none')}</Typography.Text>;
  const left = new Date(resource.expires_at).getTime() - now;
  const live = resource.deleted_at === null;
  const days = Math.ceil(left / DAY_MS);
  const flag = !live ? null : left <= 0 ? 'expired' : days <= EXPIRY_WARNING_DAYS ? 'soon' : null;
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="resource-expiry">
      <Typography.Text type={flag === 'expired' ? 'danger' : flag === 'soon' ? 'warning' : undefined}>
        {formatDateTime(resource.expires_at)}
      </Typography.Text>
      {flag && (
        <Tag color={flag === 'expired' ? 'error' : 'warning'} style={{ marginInlineStart: 6 }}>
          {flag === 'expired' ? t('expiry.expired') : t('expiry.soon', { days })}
        </Tag>
      )}
    </span>
  );
}
