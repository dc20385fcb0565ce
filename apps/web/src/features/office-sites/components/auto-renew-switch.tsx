import { App, Switch, Tooltip } from 'antd';
import type { OfficeSite } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useUpdateOfficeSite } from '../api/update-office-site';
import { blockOf } from '../office-site-rules';

/** A network's auto-renew, switched through PUT /user/office_site/{id}; the free and pay-as-you-go ones have none. */
export function AutoRenewSwitch({ site }: { site: OfficeSite }) {
  const { t } = useTranslation('officeSites');
  const { message } = App.useApp();
  const update = useUpdateOfficeSite();
  const reason = blockOf(site, 'autoRenew');

  const toggle = (autoRenew: boolean) =>
    update.mutate(
      { id: site.office_site_id, body: { auto_renew: autoRenew } },
      {
        onSuccess: () =>
          void message.success(t(autoRenew ? 'autoRenew.on' : 'autoRenew.off', { name: site.name })),
      },
    );

  const control = (
    <Switch
      size="small"
      checked={site.auto_renew}
      disabled={reason !== null}
      loading={update.isPending}
      onChange={toggle}
      aria-label={t('field.autoRenew')}
      data-testid="office-site-auto-renew"
    />
  );
  if (reason === null) return control;
  return (
    <Tooltip title={t(`block.${reason}`)}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{control}</span>
    </Tooltip>
  );
}
