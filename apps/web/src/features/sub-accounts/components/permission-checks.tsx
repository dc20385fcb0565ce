import { Checkbox, Tag } from 'antd';
import type { SubAccountPermission, SubAccountResourceKind } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { permissionsFor } from '../../../lib/sub-account-permissions';

/** The permissions a binding of `kind` may hold, as checkboxes (a form control: value / onChange). */
export function PermissionChecks({
  kind,
  value,
  onChange,
  testId,
}: {
  /** Without a kind, every permission (a batch edit sets the bindings of both kinds). */
  kind?: SubAccountResourceKind;
  value?: SubAccountPermission[];
  onChange?: (value: SubAccountPermission[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('subAccounts');
  return (
    <Checkbox.Group<SubAccountPermission>
      value={value}
      onChange={onChange}
      options={permissionsFor(kind).map((permission) => ({
        value: permission,
        label: t(`permission.${permission}`),
        // The checkbox's own id, so a test clicks the one it means.
        'data-testid': `${testId}-${permission}`,
      }))}
      data-testid={testId}
    />
  );
}

/** A binding's permissions as tags (none: "no actions"). */
export function PermissionTags({ permissions }: { permissions: readonly SubAccountPermission[] }) {
  const { t } = useTranslation('subAccounts');
  if (!permissions.length) return <Tag>{t('permission.none')}</Tag>;
  return (
    <>
      {permissions.map((permission) => (
        <Tag key={permission} color="blue" style={{ marginInlineEnd: 4 }}>
          {t(`permission.${permission}`)}
        </Tag>
      ))}
    </>
  );
}
