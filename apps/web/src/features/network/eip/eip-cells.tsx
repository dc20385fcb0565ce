/** Cells shared by the elastic IP list and the phone network page's addresses. */
import { Flex, Tag, Tooltip, theme } from 'antd';
import type { Eip } from '@cloudbay/contracts';
import type { ExpiryState } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { formatDateTime } from '../../../lib/format-time';

const STATUS_COLORS: Record<Eip['status'], string> = {
  pending: 'processing',
  creating: 'processing',
  unallocated: 'default',
  allocated: 'success',
  releasing: 'warning',
  released: 'default',
};

const EXPIRY_COLORS: Record<ExpiryState, string | undefined> = {
  normal: undefined,
  expiring: 'warning',
  expired: 'error',
  limited: 'error',
};

export function EipStatus({ eip }: { eip: Pick<Eip, 'status'> }) {
  const { t } = useTranslation('phoneEip');
  return (
    <Tag color={STATUS_COLORS[eip.status]} style={{ marginInlineEnd: 0 }} data-testid="eip-status">
      {t(`status.${eip.status}`)}
    </Tag>
  );
}

/** The address in the code font with a copy button, or a dash until the cloud has made it. */
export function EipAddress({ eip }: { eip: Pick<Eip, 'address'> }) {
  const { t } = useTranslation('phoneEip');
  return eip.address ? (
    <CopyableCode value={eip.address} copyLabel={t('list.copyAddress')} />
  ) : (
    <span>—</span>
  );
}

/**
 * The end of the subscription and where it stands (spec §4 Expiry): expiring soon, expired (kept 2
 * days), limited to 1 Mbps; the tag's tooltip says what happens next.
 */
export function ExpiryCell({ item }: { item: { expired_at: string | null; expiry_state: ExpiryState } }) {
  const { t } = useTranslation('phoneEip');
  const { token } = theme.useToken();
  const color = EXPIRY_COLORS[item.expiry_state];
  return (
    <Flex vertical gap={2} align="start">
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.expired_at) || '—'}</span>
      {color ? (
        <Tooltip title={t(`expiry.${item.expiry_state}Hint`)}>
          <Tag
            color={color}
            style={{ marginInlineEnd: 0, fontSize: token.fontSizeSM }}
            data-testid={`expiry-${item.expiry_state}`}
          >
            {t(`expiry.${item.expiry_state}`)}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
