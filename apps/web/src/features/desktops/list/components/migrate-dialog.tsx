import { useId, useState } from 'react';
import { Alert, Button, Empty, Flex, Radio, Skeleton, Tag, theme } from 'antd';
import type { BatchResult, Desktop, OfficeSite } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../../lib/available-routes';
import { useMigrateDesktops, useRegionOfficeSites } from '../../api/desktops-migrate';
import { sharedRegion } from '../desktop-rules';
import { OFFICE_NETWORK_PATH } from '../paths';
import { DesktopDialog, DialogTargets } from './desktop-dialog';

/** The networks the desktops may move to: in service, and not the one they all sit on already. */
export function migrationTargets(sites: readonly OfficeSite[], desktops: readonly Desktop[]): OfficeSite[] {
  return sites.filter(
    (site) =>
      site.status === 'normal' &&
      !desktops.every((desktop) => desktop.office_site_id === site.office_site_id),
  );
}

function SiteOption({ site }: { site: OfficeSite }) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={0} data-testid={`desktop-migrate-site-${site.office_site_id}`}>
      <Flex gap={6} align="center" wrap>
        <span style={{ fontWeight: token.fontWeightStrong }}>{site.name}</span>
        {site.is_default ? (
          <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
            {t('list.migrate.free')}
          </Tag>
        ) : null}
      </Flex>
      <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {t('list.migrate.siteDetail', {
          id: site.office_site_id,
          bandwidth: site.bandwidth,
          count: site.desktop_count,
        })}
      </span>
    </Flex>
  );
}

/**
 * Move one desktop or a selection to another office network of the same region (POST
 * /user/desktop/{id}/migrate, /user/desktop/batch_migrate). A selection across regions cannot move
 * together, and the dialog says so.
 */
export function MigrateDialog({
  desktops,
  onClose,
  onDone,
}: {
  desktops: readonly Desktop[];
  onClose: () => void;
  onDone: (result: BatchResult) => void;
}) {
  const { t } = useTranslation('desktops');
  const navigate = useNavigate();
  const region = sharedRegion(desktops);
  const sites = useRegionOfficeSites(region);
  const targets = migrationTargets(sites.data ?? [], desktops);
  const [target, setTarget] = useState<string>();
  const migrate = useMigrateDesktops();
  const hintId = useId();

  const submit = () => {
    if (!target) return;
    migrate.mutate(
      { desktopIds: desktops.map((desktop) => desktop.desktop_id), officeSiteId: target },
      { onSuccess: onDone },
    );
  };

  const body = () => {
    if (region === null)
      return (
        <Alert
          type="warning"
          showIcon
          title={t('list.migrate.mixedRegions')}
          data-testid="desktop-migrate-mixed"
        />
      );
    if (sites.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (targets.length === 0)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('list.migrate.noTargets')}
          data-testid="desktop-migrate-none"
        >
          {/* Another network is bought on the office networks page, when this session has it. */}
          {isAvailablePath(OFFICE_NETWORK_PATH) ? (
            <Button onClick={() => void navigate(OFFICE_NETWORK_PATH)}>{t('list.migrate.buyNetwork')}</Button>
          ) : null}
        </Empty>
      );
    return (
      <Radio.Group
        value={target}
        onChange={(event) => setTarget(event.target.value as string)}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
        aria-label={t('list.migrate.target')}
        aria-describedby={hintId}
        data-testid="desktop-migrate-targets"
        options={targets.map((site) => ({ value: site.office_site_id, label: <SiteOption site={site} /> }))}
      />
    );
  };

  const footer = (
    <Flex justify="end" gap="small">
      <Button onClick={onClose}>{t('list.dialog.cancel')}</Button>
      <Button
        type="primary"
        onClick={submit}
        loading={migrate.isPending}
        disabled={!target}
        data-testid="desktop-migrate-submit"
      >
        {t('list.migrate.submit')}
      </Button>
    </Flex>
  );

  return (
    <DesktopDialog
      open
      title={t('list.migrate.title')}
      onClose={onClose}
      footer={footer}
      testId="desktop-migrate"
    >
      <DialogTargets desktops={desktops} />
      <span id={hintId}>{t('list.migrate.hint')}</span>
      {body()}
    </DesktopDialog>
  );
}
