import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../../components/copyable-code';
import { useGatewaySettings } from '../api/business-topups';
import { usePayTypeLabel } from './pay-type-label';

/** Which gateway serves each pay type, whether it is on, where it calls back (never a secret). */
export function GatewaySettingsCard() {
  const { t } = useTranslation('businessTopup');
  const settings = useGatewaySettings();
  const payType = usePayTypeLabel();
  return (
    <Card size="small" title={t('gateways.title')} data-testid="topup-gateways">
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : settings.isError ? (
        <Typography.Text type="danger">{t('gateways.loadFailed')}</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, lg: 2 }}
          items={settings.data.map((gateway) => ({
            key: gateway.pay_type,
            label: payType(gateway.pay_type),
            children: (
              <span>
                <Typography.Text strong>{gateway.gateway}</Typography.Text>{' '}
                <Tag color={gateway.enabled ? 'success' : 'default'}>
                  {t(gateway.enabled ? 'gateways.enabled' : 'gateways.disabled')}
                </Tag>
                <br />
                {gateway.callback_url ? (
                  <CopyableCode value={gateway.callback_url} copyLabel={t('gateways.copyCallback')} />
                ) : (
                  <Typography.Text type="secondary">{t('gateways.internalCallback')}</Typography.Text>
                )}
              </span>
            ),
          }))}
        />
      )}
    </Card>
  );
}
