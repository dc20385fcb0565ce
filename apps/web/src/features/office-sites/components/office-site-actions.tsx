import { App, Flex } from 'antd';
import type { OfficeSite } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useReleaseOfficeSite } from '../api/release-office-site';
import { blockOf } from '../office-site-rules';
import { BlockableAction } from './blockable-action';

/** Opens the dialogs of a row's actions. */
export interface OfficeSiteDialogs {
  upgrade: (site: OfficeSite) => void;
  rename: (site: OfficeSite) => void;
  traffic: (site: OfficeSite) => void;
}

/**
 * Release after a danger confirmation naming the network. The server refuses the free network and
 * one cloud computers still use, and the request client shows its reason; the confirmation warns
 * beforehand when the list already counts computers on it.
 */
function useReleaseConfirm() {
  const { t } = useTranslation('officeSites');
  const { modal, message } = App.useApp();
  const release = useReleaseOfficeSite();
  return (site: OfficeSite) =>
    modal.confirm({
      title: t('release.title'),
      content: (
        <Flex vertical gap={8} data-testid="office-release-confirm">
          <span>{t('release.content', { name: site.name })}</span>
          {site.desktop_count > 0 ? (
            <strong>{t('release.inUse', { count: site.desktop_count })}</strong>
          ) : null}
        </Flex>
      ),
      okText: t('release.ok'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'office-release-ok' },
      // A refusal is shown by the request client; the confirmation closes either way.
      onOk: () =>
        release
          .mutateAsync(site.office_site_id)
          .then(() => void message.success(t('release.started', { name: site.name })))
          .catch(() => undefined),
    });
}

/** A row's actions, each disabled with its reason where the rules of spec §5 forbid it. */
export function OfficeSiteActions({ site, dialogs }: { site: OfficeSite; dialogs: OfficeSiteDialogs }) {
  const { t } = useTranslation('officeSites');
  const confirmRelease = useReleaseConfirm();
  return (
    <Flex gap={12} wrap={false}>
      <BlockableAction
        label={t('action.upgrade')}
        reason={blockOf(site, 'upgrade')}
        onClick={() => dialogs.upgrade(site)}
        testId="office-site-upgrade"
      />
      <BlockableAction
        label={t('action.traffic')}
        reason={blockOf(site, 'traffic')}
        onClick={() => dialogs.traffic(site)}
        testId="office-site-traffic"
      />
      <BlockableAction
        label={t('action.rename')}
        reason={blockOf(site, 'rename')}
        onClick={() => dialogs.rename(site)}
        testId="office-site-rename"
      />
      <BlockableAction
        label={t('action.release')}
        reason={blockOf(site, 'release')}
        onClick={() => confirmRelease(site)}
        testId="office-site-release"
        danger
      />
    </Flex>
  );
}
