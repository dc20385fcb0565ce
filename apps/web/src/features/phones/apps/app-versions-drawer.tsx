import { Button, Drawer, Table, type TableColumnsType } from 'antd';
import type { PhoneAppVersion } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { formatDateTime } from '../../../lib/format-time';
import { formatBytes } from '../../../lib/traffic-units';

export interface AppVersionsDrawerProps {
  name: string;
  versions: PhoneAppVersion[] | undefined;
  loading: boolean;
  onClose: () => void;
  /** Install this version (customers); absent, no action column. */
  onInstall?: (version: PhoneAppVersion) => void;
  /** Delete this version (operators). */
  extraAction?: (version: PhoneAppVersion) => React.ReactNode;
}

/** An app's versions, newest first: version, code, size, MD5, upload time. */
export function AppVersionsDrawer({
  name,
  versions,
  loading,
  onClose,
  onInstall,
  extraAction,
}: AppVersionsDrawerProps) {
  const { t } = useTranslation('phoneApps');
  const columns: TableColumnsType<PhoneAppVersion> = [
    { key: 'version', title: t('versions.version'), dataIndex: 'version' },
    { key: 'code', title: t('versions.code'), dataIndex: 'version_code' },
    { key: 'size', title: t('versions.size'), render: (_, row) => formatBytes(row.apk_size) },
    {
      key: 'md5',
      title: t('versions.md5'),
      render: (_, row) => <CopyableCode value={row.md5} copyLabel={t('versions.md5')} />,
    },
    {
      key: 'uploadedAt',
      title: t('versions.uploadedAt'),
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</span>,
    },
  ];
  if (onInstall || extraAction) {
    columns.push({
      key: 'actions',
      title: t('versions.actions'),
      fixed: 'right',
      render: (_, row) => (
        <>
          {onInstall ? (
            <Button type="link" size="small" onClick={() => onInstall(row)} data-testid="app-version-install">
              {t('versions.install')}
            </Button>
          ) : null}
          {extraAction?.(row)}
        </>
      ),
    });
  }
  return (
    <Drawer
      open
      size="large"
      title={t('versions.title', { name })}
      onClose={onClose}
      data-testid="app-versions"
    >
      <Table<PhoneAppVersion>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={versions}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('versions.empty') }}
      />
    </Drawer>
  );
}
