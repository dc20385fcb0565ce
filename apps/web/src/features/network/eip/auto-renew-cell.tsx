import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

// A module of its own (antd Switch): the EIP list and the phone network list show it.
/** The auto-renew switch of a row, disabled where the money rules do not offer it. */
export function AutoRenewCell({
  on,
  allowed,
  pending,
  onChange,
  testId,
}: {
  on: boolean;
  allowed: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation('phoneEip');
  return (
    <Switch
      size="small"
      checked={on}
      disabled={!allowed}
      loading={pending}
      onChange={onChange}
      aria-label={t('list.autoRenew')}
      data-testid={testId}
    />
  );
}
