import { App, Button, Dropdown, Flex, theme, type MenuProps } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import type { OfficeSite } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useReleaseOfficeSite } from '../api/release-office-site';
import { blockOf, type OfficeSiteAction } from '../office-site-rules';
import { BlockableAction } from './blockable-action';

/** The actions a row offers (auto-renew is its own column's switch). */
type RowAction = Exclude<OfficeSiteAction, 'autoRenew'>;

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

/**
 * A row's actions, each disabled with its reason where the rules of spec §5 forbid it: link
 * buttons (the reason on hover), or on a phone (`compact`) one menu that writes the reason under
 * a blocked item, since a phone has no hover.
 */
export function OfficeSiteActions({
  site,
  dialogs,
  compact = false,
}: {
  site: OfficeSite;
  dialogs: OfficeSiteDialogs;
  compact?: boolean;
}) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  const confirmRelease = useReleaseConfirm();
  const actions: { key: RowAction; run: () => void; danger?: boolean }[] = [
    { key: 'upgrade', run: () => dialogs.upgrade(site) },
    { key: 'traffic', run: () => dialogs.traffic(site) },
    { key: 'rename', run: () => dialogs.rename(site) },
    { key: 'release', run: () => confirmRelease(site), danger: true },
  ];
  if (compact) {
    const items: MenuProps['items'] = actions.map(({ key, danger }) => {
      const reason = blockOf(site, key);
      return {
        key,
        danger,
        disabled: reason !== null,
        label: (
          <Flex vertical data-testid={`office-site-${key}`}>
            <span>{t(`action.${key}`)}</span>
            {reason === null ? null : (
              <span style={{ fontSize: token.fontSizeSM, color: token.colorTextTertiary }}>
                {t(`block.${reason}`)}
              </span>
            )}
          </Flex>
        ),
      };
    });
    return (
      <Dropdown
        menu={{ items, onClick: ({ key }) => actions.find((action) => action.key === key)?.run() }}
        trigger={['click']}
        placement="bottomRight"
      >
        <Button
          size="small"
          icon={<EllipsisOutlined />}
          aria-label={t('column.actions')}
          data-testid="office-site-actions"
        />
      </Dropdown>
    );
  }
  return (
    <Flex gap={12} wrap={false}>
      {actions.map(({ key, run, danger }) => (
        <BlockableAction
          key={key}
          label={t(`action.${key}`)}
          reason={blockOf(site, key)}
          onClick={run}
          testId={`office-site-${key}`}
          danger={danger}
        />
      ))}
    </Flex>
  );
}
