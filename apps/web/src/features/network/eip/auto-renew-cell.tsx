import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

// A module of its own: the phone network page shows the other cells but no switch (antd Switch).
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
