import { Alert } from 'antd';
import type { ProxySet } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';

/**
 * What the resource applies now, as the server answered it (issue 19): a phone is given its set's
 * first enabled configuration when the set is saved (the cloud's proxy policy), which replaces a
 * bound residential or own proxy — said before saving; a desktop's client reads the list itself.
 */
export function AppliedProxy({ set }: { set: ProxySet }) {
  const { t } = useTranslation('proxySet');
  const { applied } = set;
  if (set.kind === 'desktop') {
    return <Alert type="info" showIcon title={t('applied.desktop')} data-testid="proxy-applied" />;
  }
  const endpoint = applied
    ? `${applied.type.toUpperCase()} ${applied.host ?? '—'}:${applied.port ?? '—'}`
    : '';
  if (applied?.source === 'proxy_set') {
    return (
      <Alert type="success" showIcon title={t('applied.set', { endpoint })} data-testid="proxy-applied" />
    );
  }
  if (applied) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t(`applied.bound.${applied.source}`, { endpoint })}
        description={t('applied.replaces')}
        data-testid="proxy-applied"
      />
    );
  }
  const waiting = set.configs.some((config) => config.enabled);
  return (
    <Alert
      type={waiting ? 'warning' : 'info'}
      showIcon
      title={t(waiting ? 'applied.notYet' : 'applied.direct')}
      data-testid="proxy-applied"
    />
  );
}
